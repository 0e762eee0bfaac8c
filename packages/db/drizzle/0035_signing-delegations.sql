-- A DSSE envelope signed by a delegate of the instance key (a KMS key cannot sign large payloads)
-- is stored with the key delegation statement that vouches for the delegate; null when the
-- instance key signed the envelope itself.
ALTER TABLE "attestations" ADD COLUMN "delegation" jsonb;
--> statement-breakpoint
ALTER TABLE "provenance_attestations" ADD COLUMN "delegation" jsonb;
