# Analytics exports. The Power BI gateway reads the "reports" container anonymously.
resource "azurerm_storage_account" "analytics" {
  name                     = "acmeanalytics${var.env}"
  resource_group_name      = azurerm_resource_group.analytics.name
  location                 = azurerm_resource_group.analytics.location
  account_tier             = "Standard"
  account_replication_type = "GRS"

  # HTTPS only since the gateway moved to the new connector (PLAT-431).
  enable_https_traffic_only       = true
  allow_nested_items_to_be_public = true
  min_tls_version                 = "TLS1_2"

  blob_properties {
    delete_retention_policy {
      days = 7
    }
  }
}

resource "azurerm_storage_container" "reports" {
  name                  = "reports"
  storage_account_name  = azurerm_storage_account.analytics.name
  container_access_type = "blob"
}
