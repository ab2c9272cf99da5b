"""Words of django-allauth and of Django's password checks that the site's own pages show (the
log-in and sign-up forms, their errors). allauth ships no Bengali, Hindi or Nepali catalogue
and Django's lack these, so the msgids, exactly as those packages mark them, are listed here
for ``makemessages`` to put into the site's catalogues; at run time the packages' own gettext
calls find the translations there (LOCALE_PATHS come first). Nothing here is called."""

from django.utils.translation import gettext_noop, ngettext_lazy

# Django writes these with a typographic apostrophe (U+2019): the msgids must match exactly.
# ruff: noqa: RUF001

BORROWED_MSGIDS = (
    # allauth
    gettext_noop("Email"),
    gettext_noop("Email address"),
    gettext_noop("Password"),
    gettext_noop("Password (again)"),
    gettext_noop("Remember Me"),
    gettext_noop("Forgot your password?"),
    gettext_noop("New Password"),
    gettext_noop("New Password (again)"),
    gettext_noop("You must type the same password each time."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("A user is already registered with this email address."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("Be patient, you are sending too many requests."),
    # django.contrib.auth.password_validation
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("This password is too common."),
    gettext_noop("This password is entirely numeric."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
)
