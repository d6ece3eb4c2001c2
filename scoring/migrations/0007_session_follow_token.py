"""Every session gets a secret follow link (Session.follow_token): the column is added
empty, each existing session is given its own token, then new sessions get one by default."""

import secrets

from django.db import migrations, models

import scoring.models


def fill_tokens(apps, schema_editor):
    Session = apps.get_model("scoring", "Session")
    for pk in Session.objects.filter(follow_token__isnull=True).values_list("pk", flat=True):
        Session.objects.filter(pk=pk).update(follow_token=secrets.token_urlsafe(24))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_round_birds"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="follow_token",
            field=models.CharField(
                blank=True, max_length=64, null=True, unique=True, verbose_name="跟看链接"
            ),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="session",
            name="follow_token",
            field=models.CharField(
                blank=True,
                default=scoring.models.new_follow_token,
                max_length=64,
                null=True,
                unique=True,
                verbose_name="跟看链接",
            ),
        ),
    ]
