"""Tests of the live table: the websocket consumer, its services and a restart."""
