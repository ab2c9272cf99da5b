"""Tests of the site: accounts, friends, hosting and the dashboard."""
