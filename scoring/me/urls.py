from django.urls import path

from scoring.me import views

urlpatterns = [
    path("me/", views.me, name="me"),
    path("me/privacy/", views.privacy, name="me-privacy"),
    path("me/year.png", views.year_image, name="me-year-image"),
    path("me/data.json", views.data_json, name="me-data-json"),
    path("me/data.csv", views.data_csv, name="me-data-csv"),
]
