"""The TwentyNine Django project: settings, URLs and the ASGI entry point."""
