"""The Celery app. With no CELERY_BROKER_URL, tasks run eagerly in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")

app = Celery("csmj")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
