"""Tests of the live table page (the HTML frame served at /table/<id>/)."""
