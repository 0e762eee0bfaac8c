# Feature store snapshots written by the training pipeline.
resource "google_storage_bucket" "features" {
  name          = "acme-feature-store-${var.env}"
  location      = "EU"
  force_destroy = false

  uniform_bucket_level_access = false

  versioning {
    enabled = true
  }

  lifecycle_rule {
    condition {
      age = 90
    }
    action {
      type          = "SetStorageClass"
      storage_class = "NEARLINE"
    }
  }
}
