from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("api/v1/", include("scoring.api.urls")),
    path("api/v1/", include("csmj_site.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("accounts/tokens/", include("leagues.token_urls")),
    path("accounts/apps/", include("leagues.oauth_apps_urls")),
    path("oauth/", include("leagues.oauth_urls")),
    path("accounts/", include("allauth.urls")),
    path("", include("leagues.audit_views")),
    path("", include("scoring.calculator.urls")),
    path("", include("scoring.follow.urls")),
    path("", include("scoring.recording.urls")),
    path("", include("scoring.paper.urls")),
    path("", include("scoring.merge.urls")),
    path("", include("scoring.urls")),
    path("", include("scoring.events.urls")),
    path("", include("scoring.webhooks.urls")),
    path("", include("scoring.me.urls")),
    path("", include("scoring.quick.urls")),
    path("", include("leagues.urls")),
]

handler404 = "csmj_site.api.page_not_found"
