-- Data fix (issue 21, item 4): the Aadhaar Offline e-KYC share code opens the ZIP once and is never
-- kept, nor is the ZIP (anyone can try the 4-character codes). Remove both from what earlier
-- versions stored: the aadhaar step's data and the input of `in.aadhaar.offline_ekyc` checks.
-- A step submitted but not yet checked then plans a check without its input, which fails
-- `input_invalid` for a reviewer to see; a check still pending ends in `error` (`input_not_kept`).
UPDATE "session_steps"
SET "data" = "data" - 'share_code' - 'zip_base64'
WHERE "data" IS NOT NULL AND jsonb_typeof("data") = 'object' AND ("data" ? 'share_code' OR "data" ? 'zip_base64');

UPDATE "checks"
SET "input" = '{}'::jsonb, "input_hash" = NULL
WHERE "check_key" = 'in.aadhaar.offline_ekyc' AND "input" IS NOT NULL AND "input" <> '{}'::jsonb;
