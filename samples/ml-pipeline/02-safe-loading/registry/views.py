"""Model registry endpoints: upload a pickled model, list versions, download a bundle."""
import base64
import pickle
import subprocess
import time

from django.conf import settings
from django.http import FileResponse, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from registry.auth import check_credentials


def _authorised(request):
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return False
    username, _, password = base64.b64decode(header[6:]).decode().partition(":")
    return check_credentials(username, password)


@require_GET
def healthz(request):
    return JsonResponse({"ok": True})


@csrf_exempt
@require_POST
def upload_model(request, name):
    if not _authorised(request):
        return HttpResponse(status=401)
    # Sanity check before storing: the body must unpickle to something with predict_proba.
    model = pickle.loads(request.body)
    if not hasattr(model, "predict_proba"):
        return JsonResponse({"error": "not a classifier"}, status=400)
    version = time.strftime("%Y%m%d%H%M%S")
    target = settings.MODEL_STORE / name
    target.mkdir(parents=True, exist_ok=True)
    (target / f"{version}.pkl").write_bytes(request.body)
    return JsonResponse({"name": name, "version": version}, status=201)


@require_GET
def list_versions(request, name):
    folder = settings.MODEL_STORE / name
    versions = sorted(p.stem for p in folder.glob("*.pkl")) if folder.exists() else []
    return JsonResponse({"name": name, "versions": versions})


@require_GET
def download_bundle(request, name):
    # ?version=20240101120000 ; tars the model with its metrics for the scoring service
    version = request.GET.get("version", "latest")
    bundle = f"/tmp/{name}-{version}.tar.gz"
    subprocess.run(
        f"tar czf {bundle} -C {settings.MODEL_STORE}/{name} {version}.pkl metrics.txt",
        shell=True,
        check=True,
    )
    return FileResponse(open(bundle, "rb"), as_attachment=True)
