# Role assumed by the payments-api pods (IRSA).
data "aws_iam_policy_document" "assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::123456789012:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/5C1F3A9E"]
    }
  }
}

resource "aws_iam_role" "payments_api" {
  name               = "payments-api-${var.environment}"
  assume_role_policy = data.aws_iam_policy_document.assume.json
}

# Broad for now; to be narrowed to the receipts bucket once the refund flow is stable.
resource "aws_iam_policy" "payments_api" {
  name = "payments-api-${var.environment}"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect   = "Allow"
        Action   = "*"
        Resource = "*"
      }
    ]
  })
}

resource "aws_iam_role_policy_attachment" "payments_api" {
  role       = aws_iam_role.payments_api.name
  policy_arn = aws_iam_policy.payments_api.arn
}
