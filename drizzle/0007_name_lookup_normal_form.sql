-- Names are matched in Unicode NFC with apostrophe look-alikes as ' (core/validation/portal-search.ts normalizeName):
-- bring the stored lookup keys of existing clients to the same form.
UPDATE "clients"
SET "name_normalized" = translate(normalize("name_normalized", NFC), '‘’ʼ′`´', '''''''''''''')
WHERE "name_normalized" ~ '[‘’ʼ′`´]' OR "name_normalized" IS NOT NFC NORMALIZED;
