"""Drop every unconfirmed second address (not an account's primary one).

Only allauth's address page made them, and it adds none now (``ACCOUNT_MAX_EMAIL_ADDRESSES``
is 1). Such a row held someone else's address against its owner's sign-up, and its link
could confirm that address onto the account that added it. An account's own address (its
primary one) and every confirmed address stay.
"""

from django.db import migrations


def drop_unconfirmed_second_addresses(apps, schema_editor):
    EmailAddress = apps.get_model("account", "EmailAddress")
    EmailAddress.objects.filter(primary=False, verified=False).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_preferences"),
        ("account", "0009_emailaddress_unique_primary_email"),
    ]

    operations = [
        migrations.RunPython(drop_unconfirmed_second_addresses, migrations.RunPython.noop)
    ]
