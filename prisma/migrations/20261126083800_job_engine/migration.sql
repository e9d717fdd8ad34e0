-- DropTable
DROP TABLE "event_outbox";
