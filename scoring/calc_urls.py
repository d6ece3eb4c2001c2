"""The calculator (/calc/) and the rules pages (/rules/): no account needed."""

from django.urls import path

from scoring import calc_views

urlpatterns = [
    path("calc/", calc_views.calc, name="calc"),
    path("calc/preview/", calc_views.calc_preview, name="calc-preview"),
    path("calc/analyse/", calc_views.calc_analyse, name="calc-analyse"),
    path("calc/share/", calc_views.calc_share, name="calc-share"),
    path("calc/r/<slug:code>/", calc_views.calc_result, name="calc-result"),
    path("calc/r/<slug:code>/record/", calc_views.calc_record, name="calc-record"),
    path("rules/", calc_views.rules, name="rules"),
]
