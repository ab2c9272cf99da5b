"""End-to-end tests that drive a real headless Chromium against a live server."""
