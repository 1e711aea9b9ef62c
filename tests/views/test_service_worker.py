"""The service worker is served from the site's root, so that it may control game pages."""

from django.test import Client
from django.urls import reverse


def test_the_service_worker_is_javascript_at_the_root(client: Client) -> None:
    url = reverse("service_worker")
    assert url == "/sw.js"  # a worker controls only pages at or below its own address
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    # Copies of game pages and static files only; saves and polls are never answered here.
    assert 'const STATIC = "/static/";' in body
    assert 'request.method !== "GET"' in body


def test_the_service_worker_needs_a_get(client: Client) -> None:
    assert client.post(reverse("service_worker")).status_code == 405
