from django.urls import URLPattern, URLResolver, path

from accounts import views

app_name = "accounts"
urlpatterns: list[URLPattern | URLResolver] = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("profile/", views.profile, name="profile"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("tokens/", views.create_token, name="create_token"),
    path("tokens/<int:token_id>/revoke/", views.revoke_token, name="revoke_token"),
]
