"""The standings and ratings models, taken over from leagues (0008_standings_moved_out).

State only: the tables already exist, created by leagues' migrations under their
``leagues_*`` names, which the models keep (``db_table``)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('leagues', '0008_standings_moved_out'),
        ('scoring', '0005_no_redundant_fk_indexes'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SessionResult',
                    fields=[
                        ('session', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='result', serialize=False, to='scoring.session')),
                        ('finished_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='结束时间')),
                        ('is_paper', models.BooleanField(default=False, verbose_name='纸面记录')),
                        ('paper_nets', models.JSONField(blank=True, null=True, verbose_name='纸面得分')),
                        ('finished_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': '场结果',
                        'verbose_name_plural': '场结果',
                        'db_table': 'leagues_sessionresult',
                    },
                ),
                migrations.CreateModel(
                    name='PlayerClubStat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('net', models.BigIntegerField(default=0, verbose_name='得分')),
                        ('round_net', models.BigIntegerField(default=0, verbose_name='盘得分')),
                        ('sessions', models.IntegerField(default=0, verbose_name='场数')),
                        ('rounds', models.IntegerField(default=0, verbose_name='盘数')),
                        ('wins', models.IntegerField(default=0, verbose_name='胡牌')),
                        ('self_draws', models.IntegerField(default=0, verbose_name='自摸')),
                        ('deal_ins', models.IntegerField(default=0, verbose_name='点炮')),
                        ('big_hands', models.IntegerField(default=0, verbose_name='大胡')),
                        ('opening_wins', models.IntegerField(default=0, verbose_name='起手胡')),
                        ('birds_hit', models.IntegerField(default=0, verbose_name='中鸟')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='player_stats', to='leagues.club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_stats', to='leagues.player')),
                    ],
                    options={
                        'verbose_name': '选手俱乐部统计',
                        'verbose_name_plural': '选手俱乐部统计',
                        'db_table': 'leagues_playerclubstat',
                        'constraints': [models.UniqueConstraint(fields=('club', 'player'), name='clubstat_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerRating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('mu', models.FloatField()),
                        ('sigma', models.FloatField()),
                        ('ordinal', models.FloatField(verbose_name='等级分')),
                        ('sessions', models.IntegerField(default=0, verbose_name='评分场数')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='leagues.club')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='leagues.player')),
                        ('season', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='leagues.season')),
                    ],
                    options={
                        'verbose_name': '等级分',
                        'verbose_name_plural': '等级分',
                        'db_table': 'leagues_playerrating',
                        'constraints': [models.UniqueConstraint(condition=models.Q(('season__isnull', False)), fields=('season', 'player'), name='rating_unique_season_player'), models.UniqueConstraint(condition=models.Q(('season__isnull', True)), fields=('club', 'player'), name='rating_unique_club_player')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerSeasonStat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('net', models.BigIntegerField(default=0, verbose_name='得分')),
                        ('round_net', models.BigIntegerField(default=0, verbose_name='盘得分')),
                        ('sessions', models.IntegerField(default=0, verbose_name='场数')),
                        ('rounds', models.IntegerField(default=0, verbose_name='盘数')),
                        ('wins', models.IntegerField(default=0, verbose_name='胡牌')),
                        ('self_draws', models.IntegerField(default=0, verbose_name='自摸')),
                        ('deal_ins', models.IntegerField(default=0, verbose_name='点炮')),
                        ('big_hands', models.IntegerField(default=0, verbose_name='大胡')),
                        ('opening_wins', models.IntegerField(default=0, verbose_name='起手胡')),
                        ('birds_hit', models.IntegerField(default=0, verbose_name='中鸟')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='season_stats', to='leagues.player')),
                        ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='player_stats', to='leagues.season')),
                    ],
                    options={
                        'verbose_name': '选手赛季统计',
                        'verbose_name_plural': '选手赛季统计',
                        'db_table': 'leagues_playerseasonstat',
                        'constraints': [models.UniqueConstraint(fields=('season', 'player'), name='seasonstat_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerSessionStat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('net', models.BigIntegerField(default=0, verbose_name='得分')),
                        ('round_net', models.BigIntegerField(default=0, verbose_name='盘得分')),
                        ('sessions', models.IntegerField(default=0, verbose_name='场数')),
                        ('rounds', models.IntegerField(default=0, verbose_name='盘数')),
                        ('wins', models.IntegerField(default=0, verbose_name='胡牌')),
                        ('self_draws', models.IntegerField(default=0, verbose_name='自摸')),
                        ('deal_ins', models.IntegerField(default=0, verbose_name='点炮')),
                        ('big_hands', models.IntegerField(default=0, verbose_name='大胡')),
                        ('opening_wins', models.IntegerField(default=0, verbose_name='起手胡')),
                        ('birds_hit', models.IntegerField(default=0, verbose_name='中鸟')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='座位')),
                        ('started_at', models.DateTimeField(verbose_name='开始时间')),
                        ('club', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='leagues.club')),
                        ('player', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='session_stats', to='leagues.player')),
                        ('season', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='leagues.season')),
                        ('session', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='player_stats', to='scoring.session')),
                    ],
                    options={
                        'verbose_name': '选手场统计',
                        'verbose_name_plural': '选手场统计',
                        'db_table': 'leagues_playersessionstat',
                        'indexes': [models.Index(fields=['season', 'started_at'], name='sessionstat_season_idx'), models.Index(fields=['player', 'started_at'], name='sessionstat_player_idx')],
                        'constraints': [models.UniqueConstraint(fields=('session', 'player'), name='sessionstat_unique')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingEvent',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('at', models.DateTimeField()),
                        ('mu', models.FloatField()),
                        ('sigma', models.FloatField()),
                        ('ordinal', models.FloatField()),
                        ('club', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='leagues.club')),
                        ('player', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_events', to='leagues.player')),
                        ('season', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='leagues.season')),
                        ('session', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scoring.session')),
                    ],
                    options={
                        'verbose_name': '等级分记录',
                        'verbose_name_plural': '等级分记录',
                        'db_table': 'leagues_ratingevent',
                        'indexes': [models.Index(fields=['player', 'season', 'at'], name='ratingevent_player_idx'), models.Index(fields=['club', 'season', 'at'], name='ratingevent_scope_idx')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
