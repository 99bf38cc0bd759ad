-- DropForeignKey
ALTER TABLE "event_changes" DROP CONSTRAINT "event_changes_company_id_fkey";
