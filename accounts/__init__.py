"""Accounts: email sign-up through django-allauth, account types and friends."""
