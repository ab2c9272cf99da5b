"""Django admin for users (staff set the account type here), friendships and requests."""

import contextlib

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.friends import remove_friend
from accounts.models import FriendRequest, Friendship, User


class UserCreationAdminForm(AdminUserCreationForm):
    """Creates a user by email (there is no username)."""

    class Meta:
        model = User
        fields = ("email", "first_name", "account_type")


class UserChangeAdminForm(UserChangeForm):
    """Edits a user by email (there is no username)."""

    class Meta:
        model = User
        fields = "__all__"


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    """Users by email; ``account_type`` decides friend limits and hosting."""

    add_form = UserCreationAdminForm
    form = UserChangeAdminForm
    ordering = ("email",)
    list_display = ("email", "first_name", "account_type", "is_staff", "date_joined")
    list_filter = ("account_type", "is_staff", "is_superuser", "is_active")
    list_editable = ("account_type",)
    search_fields = ("email", "first_name", "last_name")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Player", {"fields": ("first_name", "last_name", "account_type")}),
        (
            "Permissions",
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("email", "first_name", "account_type", "password1", "password2"),
            },
        ),
    )


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    """One row per direction; a friendship shows up twice. Deleting either row ends the
    friendship the way a player does (both rows, and each leaves the other's table at once)."""

    list_display = ("user", "friend", "created")
    search_fields = ("user__email", "friend__email")
    raw_id_fields = ("user", "friend")

    def delete_model(self, request: HttpRequest, obj: Friendship) -> None:
        _end_friendship(obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Friendship]) -> None:
        for row in queryset.select_related("user"):
            _end_friendship(row)


def _end_friendship(row: Friendship) -> None:
    """End the friendship this row is half of (nothing if its other half ended it already)."""
    with contextlib.suppress(User.DoesNotExist):
        remove_friend(row.user, row.friend_id)


@admin.register(FriendRequest)
class FriendRequestAdmin(admin.ModelAdmin):
    """Requests waiting for an answer (the address may have no account yet)."""

    list_display = ("sender", "to_email", "created")
    search_fields = ("sender__email", "to_email")
    raw_id_fields = ("sender",)
