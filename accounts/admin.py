"""Django admin for users (staff set the account type here), friendships and requests."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

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
    """One row per direction; a friendship shows up twice."""

    list_display = ("user", "friend", "created")
    search_fields = ("user__email", "friend__email")
    raw_id_fields = ("user", "friend")


@admin.register(FriendRequest)
class FriendRequestAdmin(admin.ModelAdmin):
    """Requests waiting for an answer (the address may have no account yet)."""

    list_display = ("sender", "to_email", "created")
    search_fields = ("sender__email", "to_email")
    raw_id_fields = ("sender",)
