from django.urls import path

from scoring import api

urlpatterns = [
    path("score/", api.score, name="api-score"),
    path("rulesets/", api.rulesets, name="api-rulesets"),
]
