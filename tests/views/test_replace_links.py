"""Replacing both links: the old ones stop working at once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Group

pytestmark = pytest.mark.django_db


def test_new_links_replace_the_old_ones(phone: Client, group: Group) -> None:
    old_edit, old_view = group.edit_key, group.view_key
    response = phone.post(reverse("replace_links", args=[old_edit]))
    group.refresh_from_db()
    assert {group.edit_key, group.view_key}.isdisjoint({old_edit, old_view})
    assert response.status_code == 302
    assert response["Location"] == reverse("group", args=[group.edit_key])
    page = phone.get(response["Location"])
    assert "New links made. The old links no longer work." in page.content.decode()
    # Gone, and said so (tests/views/test_refusals.py).
    assert phone.get(reverse("group", args=[old_edit])).status_code == 410
    assert phone.get(reverse("group", args=[old_view])).status_code == 410


def test_replacing_links_needs_a_post(phone: Client, group: Group) -> None:
    assert phone.get(reverse("replace_links", args=[group.edit_key])).status_code == 405
