"""allauth's log-in throttle holds across processes: guesses on one process lock the account
on the other too (the rate limits live in the shared Redis cache, not in each process)."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request

import pytest

from tests.cluster import Cluster

pytestmark = pytest.mark.multiprocess

EMAIL = "guarded@example.com"
PASSWORD = "a-Real-passw0rd-29"
LOCKED = "Too many failed login attempts"

SEED = f"""
from allauth.account.models import EmailAddress
from accounts.models import User
user = User.objects.create_user({EMAIL!r}, {PASSWORD!r}, first_name="Guarded")
EmailAddress.objects.create(user=user, email={EMAIL!r}, verified=True, primary=True)
"""


def log_in(base: str, password: str) -> str:
    """Post the log-in form on one process (as a fresh browser); the page it ends on."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    form = opener.open(f"{base}/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token, form[:2000]
    data = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token.group(1), "login": EMAIL, "password": password}
    ).encode()
    request = urllib.request.Request(
        f"{base}/accounts/login/", data=data, headers={"Referer": f"{base}/accounts/login/"}
    )
    with opener.open(request, timeout=30) as response:
        return str(response.geturl()) + "\n" + response.read().decode()


def test_guesses_on_one_process_lock_the_account_on_the_other(cluster: Cluster) -> None:
    cluster.site.shell(SEED)
    for _ in range(5):  # allauth's default: 5 failed attempts per account in 5 minutes
        assert LOCKED not in log_in(cluster.url(0), "wrong-guess")
    assert LOCKED in log_in(cluster.url(0), "wrong-guess")
    # The other process refuses even the right password now.
    assert LOCKED in log_in(cluster.url(1), PASSWORD)
