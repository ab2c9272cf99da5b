"""Words of django-allauth that the site's own pages show (the log-in and sign-up forms, their
errors). allauth ships no Bengali, Hindi or Nepali catalogue, so these msgids, exactly as
allauth marks them, are listed here for ``makemessages`` to put into the site's catalogues;
at run time allauth's own gettext calls find the translations there (LOCALE_PATHS)."""

from django.utils.translation import gettext_noop

ALLAUTH_MSGIDS = (
    gettext_noop("Email"),
    gettext_noop("Email address"),
    gettext_noop("Password"),
    gettext_noop("Password (again)"),
    gettext_noop("Remember Me"),
    gettext_noop("Forgot your password?"),
    gettext_noop("You must type the same password each time."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("A user is already registered with this email address."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("Be patient, you are sending too many requests."),
)
