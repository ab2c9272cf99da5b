"""The live table: its store, services, websocket consumer and what runs beside it."""
