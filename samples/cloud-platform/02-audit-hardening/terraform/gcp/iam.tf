# Project-level bindings. Kept small: service accounts get predefined roles.
resource "google_project_iam_member" "trainer_storage" {
  project = var.project
  role    = "roles/storage.objectAdmin"
  member  = "serviceAccount:trainer@${var.project}.iam.gserviceaccount.com"
}

resource "google_project_iam_member" "trainer_sql" {
  project = var.project
  role    = "roles/cloudsql.client"
  member  = "serviceAccount:trainer@${var.project}.iam.gserviceaccount.com"
}

# Lead data scientist needs to create resources while the project is being set up.
resource "google_project_iam_member" "lead_owner" {
  project = var.project
  role    = "roles/owner"
  member  = "user:priya.raman@acme-data.io"
}
