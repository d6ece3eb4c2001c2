from django.urls import path

from scoring.quick import views

urlpatterns = [
    path("t/new/", views.quick_new, name="quick-new"),
    path("t/<slug:slug>/", views.quick_codes, name="quick-codes"),
    path("t/<slug:slug>/join/<str:key>/", views.quick_join, name="quick-join"),
    path("t/<slug:slug>/sign-in/", views.quick_sign_in, name="quick-sign-in"),
    path("t/<slug:slug>/move/", views.quick_move, name="quick-move"),
    path("t/<slug:slug>/seat/<int:player_id>/", views.quick_seat, name="quick-seat"),
    path("t/<slug:slug>/claim/<int:player_id>/", views.quick_claim, name="quick-claim"),
]
