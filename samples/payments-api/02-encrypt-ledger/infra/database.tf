resource "aws_db_subnet_group" "payments" {
  name       = "payments-${var.environment}"
  subnet_ids = var.db_subnet_ids
}

resource "aws_db_instance" "ledger" {
  identifier        = "payments-ledger-${var.environment}"
  engine            = "postgres"
  engine_version    = "13.7"
  instance_class    = "db.t3.medium"
  allocated_storage = 50

  db_name  = "payments"
  username = "payments"
  password = var.db_password

  db_subnet_group_name   = aws_db_subnet_group.payments.name
  vpc_security_group_ids = [aws_security_group.ledger_db.id]

  # Opened up so the finance BI tool (outside the VPC) can connect directly.
  publicly_accessible = true

  # Encrypted at rest with the account's default RDS key (restored from an encrypted
  # snapshot copy during the 2021-03 maintenance window).
  storage_encrypted = true

  backup_retention_period = 7
  deletion_protection     = true
  skip_final_snapshot     = false
}

resource "aws_security_group" "ledger_db" {
  name        = "payments-ledger-db-${var.environment}"
  description = "Ledger database access"
  vpc_id      = var.vpc_id

  ingress {
    description = "Postgres"
    from_port   = 5432
    to_port     = 5432
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }

  ingress {
    description = "SSH to the bastion sidecar"
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}
