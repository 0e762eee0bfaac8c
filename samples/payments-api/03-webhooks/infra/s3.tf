# PDF receipts generated on refund; read back by the customer portal.
resource "aws_s3_bucket" "receipts" {
  bucket = "acme-payments-receipts-${var.environment}"
}

resource "aws_s3_bucket_ownership_controls" "receipts" {
  bucket = aws_s3_bucket.receipts.id
  rule {
    object_ownership = "BucketOwnerPreferred"
  }
}
