"""Friend actions from the dashboard: each a POST that reports back with a message."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import friends
from accounts.adapter import too_long_email_message
from accounts.forms import FriendRequestForm
from accounts.models import AccountType, FriendRequest, User
from accounts.verification import verified_required

FRIENDS_ON_DASHBOARD = "/#friends"


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)
    return user


def _report(request: HttpRequest, action: Callable[[], str]) -> HttpResponseRedirect:
    """Run a friend action and tell the user how it went, back on the dashboard."""
    try:
        messages.success(request, action())
    except friends.FriendshipRefused as refused:
        messages.error(request, str(refused))
    return redirect(FRIENDS_ON_DASHBOARD)


@require_GET
def friends_page(request: HttpRequest) -> HttpResponse:
    """The friends list lives on the dashboard."""
    return redirect(FRIENDS_ON_DASHBOARD)


@require_POST
@verified_required
def send_request(request: HttpRequest) -> HttpResponse:
    form = FriendRequestForm(request.POST)
    if form.has_error("email", "max_length"):
        messages.error(request, too_long_email_message())
        return redirect(FRIENDS_ON_DASHBOARD)
    if not form.is_valid():
        messages.error(request, _("Please enter a valid email address."))
        return redirect(FRIENDS_ON_DASHBOARD)
    email = form.cleaned_data["email"]
    return _report(request, lambda: friends.send_request(_user(request), email))


@require_POST
@verified_required
def accept_request(request: HttpRequest, request_id: int) -> HttpResponse:
    try:
        return _report(request, lambda: friends.accept_request(_user(request), request_id))
    except FriendRequest.DoesNotExist:
        raise Http404("No such friend request.") from None


@require_POST
@verified_required
def decline_request(request: HttpRequest, request_id: int) -> HttpResponse:
    try:
        return _report(request, lambda: friends.decline_request(_user(request), request_id))
    except FriendRequest.DoesNotExist:
        raise Http404("No such friend request.") from None


@require_POST
@verified_required
def cancel_request(request: HttpRequest, request_id: int) -> HttpResponse:
    try:
        return _report(request, lambda: friends.cancel_request(_user(request), request_id))
    except FriendRequest.DoesNotExist:
        raise Http404("No such friend request.") from None


@require_POST
@verified_required
def remove_friend(request: HttpRequest, friend_id: int) -> HttpResponse:
    try:
        return _report(request, lambda: friends.remove_friend(_user(request), friend_id))
    except User.DoesNotExist:
        raise Http404("No such friend.") from None


@require_http_methods(["GET", "POST"])
@verified_required
def account_page(request: HttpRequest) -> HttpResponse:
    """The account page: the account's type and email, and which emails it gets."""
    user = _user(request)
    if request.method == "POST":
        user.email_when_seated = request.POST.get("email_when_seated") == "on"
        user.save(update_fields=["email_when_seated"])
        messages.success(request, _("Your email settings are saved."))
        return redirect("account")
    context = {"account_type": AccountType(user.account_type).label}
    return render(request, "accounts/account.html", context)
