"""The calculator (/calc/) and the rules pages (/rules/): no account needed."""

from django.urls import path

from scoring.calculator import views

urlpatterns = [
    path("calc/", views.calc, name="calc"),
    path("calc/preview/", views.calc_preview, name="calc-preview"),
    path("calc/analyse/", views.calc_analyse, name="calc-analyse"),
    path("calc/share/", views.calc_share, name="calc-share"),
    path("calc/r/<slug:code>/", views.calc_result, name="calc-result"),
    path("calc/r/<slug:code>/record/", views.calc_record, name="calc-record"),
    path("rules/", views.rules, name="rules"),
]
