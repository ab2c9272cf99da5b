"""Friend actions from the dashboard (each a POST that reports back with a message), the
account page and the preferences the table and the header save."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import friends, preferences
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
    """The account page: the account's type and email, which emails it gets and its
    preferences (each form saved on its own: ``form`` says which)."""
    user = _user(request)
    if request.method == "POST" and request.POST.get("form") == "preferences":
        try:
            given = {k: v for k, v in request.POST.dict().items() if k != "form"}
            preferences.save(user, given, partial=False)
        except preferences.BadPreference as refused:
            messages.error(request, str(refused))
        else:
            messages.success(request, _("Your preferences are saved."))
        return redirect("account")
    if request.method == "POST":
        user.email_when_seated = request.POST.get("email_when_seated") == "on"
        user.save(update_fields=["email_when_seated"])
        messages.success(request, _("Your email settings are saved."))
        return redirect("account")
    context = {
        "account_type": AccountType(user.account_type).label,
        "preferences": preferences.form_for(user),
    }
    return render(request, "accounts/account.html", context)


@require_POST
def save_preferences(request: HttpRequest) -> JsonResponse:
    """Save the preferences a script sends (the table's dialog, the header's theme button),
    the others unchanged; answers the saved preferences as JSON, or a 400 saying why not
    (a guest may: it has preferences too)."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": _("Please log in to keep your preferences.")}, status=403)
    user = _user(request)
    try:
        preferences.save(user, request.POST.dict(), partial=True)
    except preferences.BadPreference as refused:
        return JsonResponse({"error": str(refused)}, status=400)
    return JsonResponse({"preferences": preferences.of(user)})
