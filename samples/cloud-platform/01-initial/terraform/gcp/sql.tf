resource "google_sql_database_instance" "features" {
  name             = "feature-store-${var.env}"
  database_version = "POSTGRES_14"
  region           = var.region

  deletion_protection = true

  settings {
    tier = "db-custom-2-7680"

    backup_configuration {
      enabled                        = true
      point_in_time_recovery_enabled = true
    }

    ip_configuration {
      ipv4_enabled = true
      require_ssl  = false

      authorized_networks {
        name  = "anywhere"
        value = "0.0.0.0/0"
      }
    }
  }
}

resource "google_sql_database" "features" {
  name     = "features"
  instance = google_sql_database_instance.features.name
}
