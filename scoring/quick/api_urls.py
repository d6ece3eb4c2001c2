from django.urls import path
from rest_framework.routers import SimpleRouter

from scoring.quick import api

router = SimpleRouter()
router.register(
    r"tables/(?P<table_id>[0-9]+)/rounds", api.TableRoundViewSet, basename="api-table-round"
)

urlpatterns = [
    path("tables/", api.table_create, name="api-table-create"),
    path("tables/<int:id>/", api.table_read, name="api-table"),
    *router.urls,
]
