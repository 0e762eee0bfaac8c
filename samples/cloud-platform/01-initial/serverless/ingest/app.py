"""Partner webhook ingest: authenticate, stamp, archive to S3 and enqueue."""
import hashlib
import hmac
import json
import os
import time
import uuid

import boto3

sqs = boto3.client("sqs")
s3 = boto3.client("s3")

QUEUE_URL = os.environ["QUEUE_URL"]
RAW_BUCKET = os.environ["RAW_BUCKET"]
PARTNER_API_KEY = os.environ["PARTNER_API_KEY"]


def _authorised(headers):
    given = headers.get("x-partner-signature", "")
    return hmac.compare_digest(given, hashlib.sha256(PARTNER_API_KEY.encode()).hexdigest())


def handler(event, context):
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    if not _authorised(headers):
        return {"statusCode": 401, "body": json.dumps({"error": "unauthorised"})}

    partner = event["pathParameters"]["partner"]
    event_id = str(uuid.uuid4())
    body = event.get("body") or "{}"
    record = {"id": event_id, "partner": partner, "received_at": int(time.time()), "payload": json.loads(body)}

    key = f"{partner}/{time.strftime('%Y/%m/%d')}/{event_id}.json"
    s3.put_object(Bucket=RAW_BUCKET, Key=key, Body=json.dumps(record).encode())
    sqs.send_message(QueueUrl=QUEUE_URL, MessageBody=json.dumps({"id": event_id, "s3_key": key}))

    return {"statusCode": 202, "body": json.dumps({"id": event_id})}
