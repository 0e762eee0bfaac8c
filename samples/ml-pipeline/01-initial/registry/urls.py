from django.urls import path

from registry import views

urlpatterns = [
    path("healthz", views.healthz),
    path("models/<str:name>/", views.upload_model),
    path("models/<str:name>/versions", views.list_versions),
    path("models/<str:name>/bundle", views.download_bundle),
]
