resource "google_compute_network" "platform" {
  name                    = "platform-${var.env}"
  auto_create_subnetworks = false
}

resource "google_compute_subnetwork" "training" {
  name                     = "training-${var.env}"
  ip_cidr_range            = "10.80.0.0/20"
  region                   = var.region
  network                  = google_compute_network.platform.id
  private_ip_google_access = true
}

# SSH to the training VMs (the data scientists work from home).
resource "google_compute_firewall" "ssh" {
  name    = "allow-ssh-${var.env}"
  network = google_compute_network.platform.name

  allow {
    protocol = "tcp"
    ports    = ["22"]
  }

  source_ranges = ["0.0.0.0/0"]
  target_tags   = ["training"]
}

# Health checks from the Google load balancer ranges only.
resource "google_compute_firewall" "health_checks" {
  name    = "allow-health-checks-${var.env}"
  network = google_compute_network.platform.name

  allow {
    protocol = "tcp"
    ports    = ["8080"]
  }

  source_ranges = ["35.191.0.0/16", "130.211.0.0/22"]
  target_tags   = ["serving"]
}
