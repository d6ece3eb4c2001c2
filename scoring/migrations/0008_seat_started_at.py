from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0004_season_session_count"),
        ("scoring", "0007_hand_kong_counted"),
    ]

    operations = [
        # Each seat gets its session's start (SessionSeat.started_at): added empty, filled
        # from the sessions, then required.
        migrations.AddField(
            model_name="sessionseat",
            name="started_at",
            field=models.DateTimeField(null=True, verbose_name="开始时间"),
        ),
        migrations.RunSQL(
            "UPDATE scoring_sessionseat SET started_at = "
            "(SELECT s.started_at FROM scoring_session s WHERE s.id = scoring_sessionseat.session_id)",
            migrations.RunSQL.noop,
        ),
        migrations.AlterField(
            model_name="sessionseat",
            name="started_at",
            field=models.DateTimeField(verbose_name="开始时间"),
        ),
    ]
