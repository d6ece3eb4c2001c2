from django.urls import path

from scoring.me import views

urlpatterns = [
    path("me/", views.me, name="me"),
]
