"""The web tests that touch the store most, again on PostgreSQL (the root ``database_url``
fixture, forced to its PostgreSQL parameter): migrations 0001+0002, queries, appends; and
schemathesis over every documented route (NUL in a URL once answered 500 only here)."""

from __future__ import annotations

import pytest

from tests.service.accounts.test_web_auth import test_token_issue_use_and_revoke  # noqa: F401
from tests.service.api.test_web_openapi import test_no_server_errors, token  # noqa: F401
from tests.service.app.test_web_pages import (  # noqa: F401
    sessions,
    test_another_clubs_member_sees_nothing,
    test_auditor_resolves_a_dispute_by_appending_a_correction,
    test_ledger_settles_up_and_exports_csv,
    test_replay_step_matches_the_engine,
    test_session_list_and_filters,
)
from tests.service.ledger.test_ledger_retries import (  # noqa: F401
    disputed,
    test_one_phone_reopening_at_once_appends_one_correction,
    test_one_phone_resolving_at_once_appends_one_correction,
    test_one_phone_retrying_at_once_records_one_mark,
    test_two_treasurers_marking_one_transfer_at_once_record_it_once,
    test_two_treasurers_undoing_one_mark_at_once_append_one_reversal,
    tokens,
)
from tests.service.sessions.test_web_verifications import (  # noqa: F401
    test_a_correction_is_the_cause,
    test_an_engine_upgrade_that_changed_a_dispute,
    upgraded,
)
from tests.service.sessions.test_withdrawal import (  # noqa: F401
    sid,
    test_the_standings_leave_a_withdrawn_session_out,
    test_withdraw_leaves_every_count_and_restore_brings_it_back,
)
from tests.service.uploads.test_web_upload import (
    test_malformed_line_is_reported_with_its_number_and_nothing_stored,  # noqa: F401,E501
)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]


@pytest.fixture
def web_database_url(database_url) -> str:
    return database_url
