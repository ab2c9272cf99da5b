"""The email a person gets when a friend seats them at their game: one per game and person
(``SeatedMail``), never for the host's own seat, and not for anyone who turned it off on
the account page (``User.email_when_seated``) or has no email (guests)."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import AccountType, User
from game.models import Game, SeatedMail


def send(request: HttpRequest, game: Game, user_ids: Iterable[int]) -> int:
    """Mail each of these people, newly seated at ``game`` by its host, unless mailed for this
    game before or opted out; how many mails went out."""
    people = User.objects.filter(pk__in=list(user_ids), email_when_seated=True).exclude(
        pk=game.host_id
    ).exclude(account_type=AccountType.GUEST)
    table = request.build_absolute_uri(reverse("table", args=[game.pk]))
    account = request.build_absolute_uri(reverse("account"))
    sent = 0
    for person in people:
        try:
            with transaction.atomic():
                SeatedMail.objects.create(game=game, user=person)
        except IntegrityError:
            continue  # mailed for this game already
        send_mail(
            _("%(host)s gave you a seat at %(name)s") % {
                "host": game.host.display_name, "name": game.name},
            _("Hello %(person)s,\n\n%(host)s seated you at their game of 29, %(name)s.\n"
              "Open the table: %(table)s\n\nYou get this email once per game. To get none, "
              "turn it off on your account page: %(account)s\n") % {
                "person": person.display_name, "host": game.host.display_name,
                "name": game.name, "table": table, "account": account},
            None,
            [person.email],
        )
        sent += 1
    return sent
