-- CreateEnum
CREATE TYPE "PrecificationModel" AS ENUM ('FIXED', 'LOOKUP', 'LOOKUP_MULTIPLY', 'MULTIPLY', 'NONE', 'COPY_REALIZED');

-- CreateEnum
CREATE TYPE "CostReference" AS ENUM ('CONTAINERS', 'CONTAINERS_ROUTE', 'ITEMS_CONTENT_QUANTITY', 'ITEMS_CUBAGE_CUBIC_METERS', 'BRAZILIAN_INVOICE_VALUE', 'ORDER', 'ITEMS_PALLETS', 'ITEMS_QUANTITY', 'SHIPMENT', 'STORAGE_DAYS_CONTAINER', 'STORAGE_PERIOD', 'ITEMS_UNITIZED_QUANTITY', 'ITEMS_WEIGHT_KG', 'FREIGHT_COST', 'CALCULATED_GROSS_WEIGHT_KG', 'CALCULATED_CUBAGE_CUBIC_METERS');

-- CreateEnum
CREATE TYPE "MatchingRuleOperator" AS ENUM ('EQUALS');

-- CreateEnum
CREATE TYPE "OrderType" AS ENUM ('ROAD_TRANSPORT', 'PURCHASE', 'SALES');

-- CreateEnum
CREATE TYPE "OrderSubtype" AS ENUM ('DIRECT', 'INDIRECT');

-- CreateEnum
CREATE TYPE "AlertLevel" AS ENUM ('NORMAL', 'WARNING', 'DANGER');

-- CreateEnum
CREATE TYPE "ProcessDocumentType" AS ENUM ('AIR_WAYBILL', 'ANALYSIS_CERTIFICATE', 'ARRIVAL_NOTICE', 'BILL_OF_LADING', 'BOOKING', 'BOOKING_CONFIRMATION', 'BRAZILIAN_INVOICE', 'CARGO_MANIFEST', 'CARGO_RELEASE', 'CE_MERCANTE', 'CERTIFICATE_OF_CONFORMITY', 'CERTIFICATE_OF_INSURANCE', 'CERTIFICATE_OF_ORIGIN', 'COMMERCIAL_INVOICE', 'CONSULAR_INVOICE', 'CONTAINER_INTERCHANGE_RECEIPT', 'COST_CLOSING', 'CRT', 'CUSTOMS_CLEARANCE_CERTIFICATE', 'DANGEROUS_GOODS_DECLARATION', 'DEBIT_NOTE', 'DELIVERY_ORDER', 'DRAFT_BILL_OF_LADING', 'DTA', 'DUIMP', 'EXPORT_DECLARATION', 'EXPORT_LICENSE', 'FREIGHT_INVOICE', 'FUMIGATION_CERTIFICATE', 'HEALTH_CERTIFICATE', 'HOUSE_AIR_WAYBILL', 'HOUSE_BILL_OF_LADING', 'ICMS_PAYMENT_RECEIPT', 'ICMS_EXEMPTION', 'IMPORT_DECLARATION', 'IMPORT_DECLARATION_DRAFT', 'IMPORT_LICENSE', 'INSPECTION_CERTIFICATE', 'INSURANCE_POLICY', 'INVOICE', 'LETTER_OF_CREDIT', 'MASTER_AIR_WAYBILL', 'MASTER_BILL_OF_LADING', 'MIC_DTA', 'MSDS', 'NON_WOODEN_PACKAGING_DECLARATION', 'PACKING_DECLARATION', 'PACKING_LIST', 'PAYMENT_RECEIPT', 'PHYTOSANITARY_CERTIFICATE', 'PROFORMA_INVOICE', 'PROOF_OF_DELIVERY', 'PURCHASE_ORDER', 'QUALITY_CERTIFICATE', 'RADIATION_CERTIFICATE', 'SALES_ORDER', 'SANITARY_CERTIFICATE', 'SERVICE_INVOICE', 'SHIPPERS_LETTER_OF_INSTRUCTION', 'SHIPPING_INSTRUCTIONS', 'STORAGE_INVOICE', 'SURVEY_REPORT', 'TAX_PAYMENT_RECEIPT', 'TECHNICAL_DATASHEET', 'TERMINAL_RECEIPT', 'TRANSIT_DECLARATION', 'VETERINARY_CERTIFICATE', 'WAREHOUSE_RECEIPT', 'WEIGHT_CERTIFICATE', 'OTHER');

-- CreateEnum
CREATE TYPE "RouteType" AS ENUM ('LOADING', 'UNLOADING', 'RETURN_EMPTY_CONTAINER', 'WITHDRAWAL_EMPTY_CONTAINER', 'LOADING_EMPTY_CONTAINER', 'UNLOADING_EMPTY_CONTAINER', 'LOADING_FULL_CONTAINER', 'UNLOADING_FULL_CONTAINER', 'INVOICE_EXCHANGE', 'AVAILABILITY_EMPTY_CONTAINER', 'ARRIVAL_AT_THE_BORDER');

-- CreateEnum
CREATE TYPE "ShipmentType" AS ENUM ('AIR_TRANSPORT', 'MARITIME_TRANSPORT', 'ROAD_TRANSPORT');

-- CreateEnum
CREATE TYPE "StatusResponse" AS ENUM ('PENDING', 'NOT_FOUND', 'FOUND', 'INVALID');

-- CreateEnum
CREATE TYPE "AuthorizationStatus" AS ENUM ('AUTHORIZED', 'FORBIDDEN', 'NOT_AUTHORIZED', 'PENDING');

-- CreateEnum
CREATE TYPE "ContainerType" AS ENUM ('BULK', 'DOUBLE_DOOR', 'DRY', 'FLAT_RACK', 'HARD_TOP', 'HIGH_CUBE', 'INSULATED', 'NON_OPERATING_REEFER', 'OPEN_TOP', 'PALLET_WIDE', 'PLATFORM', 'REEFER', 'SIDE_DOOR', 'SPECIAL', 'STANDARD', 'SWAP_BODY', 'TANK', 'VENTILATED');

-- CreateEnum
CREATE TYPE "ContainerSizeFootType" AS ENUM ('STANDARD_20', 'STANDARD_30', 'STANDARD_40', 'SPECIAL_20', 'SPECIAL_30', 'SPECIAL_40', 'SPECIAL_45', 'REDUCED_20', 'REDUCED_30', 'REDUCED_40', 'HC_20', 'HC_40', 'HC_45', 'SHC_20', 'SHC_40', 'SHC_45', 'PALLET_WIDE_40', 'PALLET_WIDE_45');

-- CreateEnum
CREATE TYPE "LoadType" AS ENUM ('GENERAL_CARGO', 'FOOD', 'PHARMACEUTICALS', 'WEAPONS', 'BULK');

-- CreateEnum
CREATE TYPE "TransportableType" AS ENUM ('CONTAINER', 'CARGO');

-- CreateEnum
CREATE TYPE "FreightType" AS ENUM ('BID', 'NEGOTIATION_SPOT', 'PREPAID', 'COLLECT');

-- CreateEnum
CREATE TYPE "TransportModalType" AS ENUM ('MARITIME', 'ROAD', 'RAILWAY', 'INLAND_WATERWAY');

-- CreateEnum
CREATE TYPE "MaritimeShipmentType" AS ENUM ('FCL', 'LCL', 'BREAKBULK', 'BULK_CARGO');

-- CreateEnum
CREATE TYPE "TrackingKey" AS ENUM ('BILL_OF_LADING', 'BOOKING', 'CONTAINER_CODE', 'HOUSE_BL', 'TRACKING_NUMBER', 'VESSEL');

-- CreateEnum
CREATE TYPE "AirShipmentType" AS ENUM ('ENVIROTAINER', 'PALLET', 'LOOSE_CARGO');

-- CreateEnum
CREATE TYPE "RoadShipmentType" AS ENUM ('FCL', 'FTL', 'LTL');

-- CreateEnum
CREATE TYPE "RoadTransportType" AS ENUM ('LTL', 'FTL', 'FCL', 'BULK_CARGO');

-- CreateEnum
CREATE TYPE "TransportFeature" AS ENUM ('REFRIGERATED', 'HAZARDOUS_PRODUCTS');

-- CreateEnum
CREATE TYPE "Incoterm" AS ENUM ('EXW', 'FCA', 'FAS', 'FOB', 'CPT', 'CIP', 'CFR', 'CIF', 'DAP', 'DPU', 'DDP');

-- CreateEnum
CREATE TYPE "ImportChannel" AS ENUM ('GREEN', 'RED', 'YELLOW', 'GRAY');

-- CreateEnum
CREATE TYPE "ExportChannel" AS ENUM ('GREEN', 'ORANGE', 'RED');

-- CreateEnum
CREATE TYPE "ImportDeclarationStatus" AS ENUM ('WAITING_PARAMETERIZATION', 'WAITING_DOCUMENT', 'WAITING_DISTRIBUTION', 'WAITING_FISCAL_ANALYSIS', 'READY_DISTRIBUTION', 'UNDER_FISCAL_ANALYSIS', 'DISPATCH_INTERRUPTED', 'DELIVERY_AUTHORIZED', 'CLEARED', 'CANCELLED', 'WAITING_CLEARANCE', 'NOT_REPORTED', 'IN_FORFEITURE');

-- CreateEnum
CREATE TYPE "DuimpStatus" AS ENUM ('ADVANCE_DELIVERY_AWAITING_CARGO_DELIVERY', 'ADVANCE_DELIVERY_AWAITING_STATE_TAX_PENDING', 'ADVANCE_DELIVERY_CARGO_DELIVERED', 'CANCELED_BY_CUSTOMS', 'CANCELED_BY_VERIFICATION', 'CLEARED_AWAITING_CARGO_DELIVERY', 'CLEARED_AWAITING_STATE_TAX_PENDING', 'CLEARED_CARGO_DELIVERED', 'REGISTERED_AWAITING_CHANNEL', 'SELECTED_FOR_INSPECTION');

-- CreateEnum
CREATE TYPE "ImportLicenseStatus" AS ENUM ('FOR_ANALYSIS', 'IN_ANALYSIS', 'IN_DEMANDED', 'REJECTED', 'DEFERRED', 'JUDICIALLY_DEFERRED', 'DEFERRED_LINKED_TO_DI', 'JUDICIALLY_DEFERRED_LINKED_TO_DI', 'DEFERRED_RESERVED', 'JUDICIALLY_DEFERRED_RESERVED', 'AUTHORIZED_BOARDING', 'EXPIRED', 'CLEARED', 'CANCELED');

-- CreateEnum
CREATE TYPE "ExportDeclarationStatus" AS ENUM ('ACD_IN_PROCESSING', 'CANCELED_BY_CUSTOMS', 'CANCELED_BY_CUSTOMS_AT_THE_REQUEST_OF_THE_EXPORTER', 'CANCELED_BY_THE_EXPORTER', 'CANCELED_DUE_TO_EXPIRATION_OF_DEADLINE', 'CLEARED', 'CUSTOMS_CLEARANCE_AWAITING_RESOLUTION_OF_ADMINISTRATIVE_ISSUES', 'DECLARATION_SUBMITTED_FOR_CUSTOMS_CLEARANCE', 'EARLY_SHIPMENT_AUTHORIZED', 'EARLY_SHIPMENT_PENDING_AUTHORIZATION', 'EARLY_SHIPMENT_PENDING_LPCO', 'ENDORSED', 'FISCAL_ANALYSIS_COMPLETED', 'IN_PREPARATION', 'INTERRUPTED', 'LPCO_CLEARANCE_PENDING', 'REGISTERED', 'RELEASED_WITHOUT_CUSTOMS_INSPECTION_GREEN_CHANNEL', 'SELECTED_FOR_CUSTOMS_CONFERENCE', 'SELECTED_FOR_INSPECTION_ORANGE_OR_RED_CHANNEL', 'UNDER_FISCAL_ANALYSIS', 'RFB_CANCEL_EXPORTER_REQUEST');

-- CreateEnum
CREATE TYPE "ShowObservationsWhen" AS ENUM ('YES', 'NO', 'ALWAYS', 'NEVER');

-- CreateEnum
CREATE TYPE "AisClass" AS ENUM ('A', 'B');

-- CreateEnum
CREATE TYPE "TrackingEventKind" AS ENUM ('VESSEL_POSITION_UPDATED', 'VESSEL_VOYAGE_UPDATED', 'SHIPMENT_TRACKING_UPDATED');

-- CreateTable
CREATE TABLE "cost_models" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "currency_code" TEXT,
    "has_cost_per_product" BOOLEAN NOT NULL DEFAULT false,
    "has_planned_costs" BOOLEAN NOT NULL DEFAULT false,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_models_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cost_model_versions" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "cost_model_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_model_versions_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cost_expenses" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,

    CONSTRAINT "cost_expenses_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cost_model_expenses" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "cost_model_version_id" INTEGER NOT NULL,
    "cost_expense_id" INTEGER NOT NULL,
    "dynamic_table_definition_id" INTEGER,
    "fallback_path" TEXT,
    "price_field" TEXT,
    "reference_value" TEXT,
    "precification_model" "PrecificationModel",
    "reference" "CostReference",

    CONSTRAINT "cost_model_expenses_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cost_matching_rules" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "cost_model_expense_id" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "operator" "MatchingRuleOperator" NOT NULL DEFAULT 'EQUALS',
    "table_definition_field" TEXT,

    CONSTRAINT "cost_matching_rules_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cost_per_expenses" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "cost_model_expense_id" INTEGER NOT NULL,
    "cost" TEXT NOT NULL,
    "planned_cost" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cost_per_expenses_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "orders" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "operation_id" INTEGER NOT NULL,
    "type" "OrderType" NOT NULL,
    "reference_code" TEXT NOT NULL,
    "external_reference_code" TEXT,
    "observations" TEXT,
    "extra_fields" JSONB,
    "subsidiary_id" INTEGER,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "orders_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "purchase_orders" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "type" "OrderSubtype" NOT NULL,
    "necessity_date" TIMESTAMPTZ(3),
    "supplier_expected_readiness_at" TIMESTAMPTZ(3),
    "supplier_order_accepted_at" TIMESTAMPTZ(3),
    "supplier_order_sent_at" TIMESTAMPTZ(3),
    "supplier_readiness_at" TIMESTAMPTZ(3),

    CONSTRAINT "purchase_orders_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "purchase_order_items" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "purchase_order_id" INTEGER NOT NULL,
    "line_reference" TEXT NOT NULL,
    "line_number" INTEGER,
    "product_id" INTEGER,
    "quantity" TEXT,
    "order_unit_value" TEXT,
    "order_value" TEXT,
    "order_currency_code" TEXT,
    "net_weight_kg" TEXT,
    "gross_weight_kg" TEXT,
    "cubage_cubic_meters" TEXT,
    "production_lead_time_days" INTEGER,
    "production_lead_time_days_adjusted" INTEGER,
    "transit_lead_time_days" INTEGER,
    "transit_lead_time_days_adjusted" INTEGER,
    "total_lead_time_days" INTEGER,
    "total_lead_time_days_adjusted" INTEGER,
    "supplier_expected_readiness_at" TIMESTAMPTZ(3),
    "supplier_readiness_at" TIMESTAMPTZ(3),
    "factory_delivery_expected_at" TIMESTAMPTZ(3),
    "factory_delivery_at" TIMESTAMPTZ(3),
    "shipment_planned_boarding_at" TIMESTAMPTZ(3),
    "shipment_planned_arrival_at" TIMESTAMPTZ(3),
    "customs_estimated_at" TIMESTAMPTZ(3),
    "customs_registered_at" TIMESTAMPTZ(3),
    "customs_released_at" TIMESTAMPTZ(3),
    "invoice_number" TEXT,
    "invoice_emitted_at" TIMESTAMPTZ(3),
    "invoice_quantity" TEXT,
    "invoice_value" TEXT,
    "purchase_country_code" TEXT,
    "manufacturing_country_code" TEXT,
    "dispatching_country_code" TEXT,
    "item_status" TEXT,
    "concession_act" TEXT,
    "measurement_unit_sap" TEXT,
    "order_modal_type_sap" TEXT,
    "import_type_sap" TEXT,
    "sap_by_factor" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "purchase_order_items_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "purchase_order_item_foreign_operators" (
    "company_id" INTEGER NOT NULL,
    "item_id" INTEGER NOT NULL,
    "actor_id" INTEGER NOT NULL,

    CONSTRAINT "purchase_order_item_foreign_operators_pkey" PRIMARY KEY ("company_id","item_id","actor_id")
);

-- CreateTable
CREATE TABLE "sales_orders" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "type" "OrderSubtype" NOT NULL,
    "order_confirmed_at" TIMESTAMPTZ(3),
    "order_received_at" TIMESTAMPTZ(3),

    CONSTRAINT "sales_orders_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "sales_order_items" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "sales_order_id" INTEGER NOT NULL,
    "line_reference" TEXT NOT NULL,
    "line_number" INTEGER,
    "product_id" INTEGER,
    "product_description" TEXT,
    "product_mercosul_code" TEXT,
    "quantity" TEXT,
    "net_weight_kg" TEXT,
    "gross_weight_kg" TEXT,
    "cubage_cubic_meters" TEXT,
    "order_unit_value" TEXT,
    "order_value" TEXT,
    "order_currency_code" TEXT,
    "dispatch_number" TEXT,
    "item_status" TEXT,
    "supplier_expected_readiness_at" TIMESTAMPTZ(3),
    "supplier_readiness_at" TIMESTAMPTZ(3),
    "factory_delivery_expected_at" TIMESTAMPTZ(3),
    "factory_delivery_at" TIMESTAMPTZ(3),
    "shipment_planned_boarding_at" TIMESTAMPTZ(3),
    "shipment_planned_arrival_at" TIMESTAMPTZ(3),
    "containers_quantity" INTEGER,
    "container_equipment_type" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sales_order_items_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "order_handlers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "order_id" INTEGER NOT NULL,
    "operation_handler_id" INTEGER NOT NULL,
    "role" "BusinessRole" NOT NULL,
    "actor_id" INTEGER NOT NULL,
    "business_unit" TEXT,
    "reference" TEXT,
    "secondary_reference" TEXT,

    CONSTRAINT "order_handlers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "access_groups" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "access_groups_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "partnerships" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "actor_id" INTEGER NOT NULL,
    "nickname" TEXT,
    "description" TEXT,
    "contact_details" TEXT,
    "internal_code" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "partnerships_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "partnership_roles" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "partnership_id" INTEGER NOT NULL,
    "role" "BusinessRole" NOT NULL,
    "access_group_id" INTEGER,

    CONSTRAINT "partnership_roles_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "subsidiaries" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subsidiaries_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "maritime_ports" (
    "id" SERIAL NOT NULL,
    "unlocode" CHAR(5) NOT NULL,
    "name" TEXT NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "subdivision" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,

    CONSTRAINT "maritime_ports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "airports" (
    "id" SERIAL NOT NULL,
    "icao_code" VARCHAR(4) NOT NULL,
    "iata_code" CHAR(3),
    "name" TEXT NOT NULL,
    "city" TEXT,
    "city_iata_code" CHAR(3),
    "country_code" CHAR(2),
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "timezone" TEXT,

    CONSTRAINT "airports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "airlines" (
    "id" SERIAL NOT NULL,
    "source_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "iata_code" VARCHAR(3),
    "icao_code" VARCHAR(4),
    "callsign" TEXT,
    "hub_code" VARCHAR(4),
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "airlines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sealines" (
    "id" SERIAL NOT NULL,
    "scac" VARCHAR(4) NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "sealines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processes" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "operation_id" INTEGER NOT NULL,
    "reference_code" TEXT NOT NULL,
    "alert_level" "AlertLevel" NOT NULL DEFAULT 'NORMAL',
    "cost_model_version_id" INTEGER,
    "lead_time_datetime_reference" TIMESTAMPTZ(3),
    "extra_fields" JSONB,
    "costs_closed_at" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "processes_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "brazilian_invoices" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "xml" TEXT NOT NULL,
    "access_key" TEXT,
    "number" TEXT,
    "issuer_cnpj" TEXT,
    "total_value" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "brazilian_invoices_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "process_orders" (
    "company_id" INTEGER NOT NULL,
    "process_id" INTEGER NOT NULL,
    "order_id" INTEGER NOT NULL,

    CONSTRAINT "process_orders_pkey" PRIMARY KEY ("company_id","process_id","order_id")
);

-- CreateTable
CREATE TABLE "process_handlers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "operation_handler_id" INTEGER NOT NULL,
    "role" "BusinessRole" NOT NULL,
    "actor_id" INTEGER NOT NULL,
    "business_unit" TEXT,
    "reference" TEXT,
    "secondary_reference" TEXT,

    CONSTRAINT "process_handlers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "process_documents" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "type" "ProcessDocumentType" NOT NULL,
    "description" TEXT,
    "original_filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "invoice_id" INTEGER,
    "parent_document_id" INTEGER,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "process_documents_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "routes" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "routes_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "route_points" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "route_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "route_type" "RouteType" NOT NULL,
    "name" TEXT,
    "address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,

    CONSTRAINT "route_points_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "foreign_trade_shipments" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "type" "ShipmentType",
    "etd" TIMESTAMPTZ(3),
    "eta" TIMESTAMPTZ(3),
    "atd" TIMESTAMPTZ(3),
    "ata" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "received_in_warehouse_at" TIMESTAMPTZ(3),
    "departed_from_warehouse_at" TIMESTAMPTZ(3),
    "warehouse_free_time_days" INTEGER,
    "automatic_tracking_enabled" BOOLEAN NOT NULL DEFAULT true,
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',
    "ce_mercante_authorization_status" "AuthorizationStatus",
    "ce_mercante_number" TEXT,
    "cubage_cubic_meters" TEXT,
    "total_gross_weight" TEXT,
    "total_net_weight" TEXT,
    "empty_return_date" TIMESTAMPTZ(3),
    "route_id" INTEGER,

    CONSTRAINT "foreign_trade_shipments_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "shipment_items" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "quantity" TEXT,
    "unit_value" TEXT,
    "total_value" TEXT,
    "brazilian_invoice_unit_value" TEXT,
    "net_weight_kg" TEXT,
    "gross_weight_kg" TEXT,
    "cubage_cubic_meters" TEXT,
    "purchase_order_item_id" INTEGER,
    "sales_order_item_id" INTEGER,
    "line_reference" TEXT,

    CONSTRAINT "shipment_items_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "emitted_at" TIMESTAMPTZ(3) NOT NULL,
    "incoterm" "Incoterm" NOT NULL,
    "currency_code" TEXT,
    "discount" TEXT,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "invoice_items" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "product_sku" TEXT NOT NULL,
    "product_description" TEXT,
    "quantity" TEXT NOT NULL,
    "shipment_quantity" TEXT NOT NULL,
    "unitary_amount" TEXT,
    "total_amount" TEXT,
    "batch_number" TEXT,
    "batch_validity_date" TIMESTAMPTZ(3),
    "production_date" TIMESTAMPTZ(3),
    "order_reference_code" TEXT,
    "order_item_line_reference" TEXT,
    "total_gross_weight_kg" TEXT,

    CONSTRAINT "invoice_items_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "transportables" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "type" "TransportableType" NOT NULL,

    CONSTRAINT "transportables_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "containers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "transportable_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "type" "ContainerType",
    "size_foot_type" "ContainerSizeFootType",
    "load_type" "LoadType",
    "cubic_meters" TEXT,
    "gross_weight_kg" TEXT,
    "tare_weight_kg" TEXT,
    "max_weight_kg" TEXT,
    "seal_code" TEXT,
    "secondary_seal_code" TEXT,
    "invoice_number" TEXT,
    "observations" TEXT,
    "is_stackable" BOOLEAN,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "tracking_api" TEXT,
    "tracking_manual" BOOLEAN NOT NULL DEFAULT true,
    "demurrage_free_time_start_at" TIMESTAMPTZ(3),
    "demurrage_reference_date" TIMESTAMPTZ(3),
    "demurrage_empty_return_deadline" TIMESTAMPTZ(3),
    "estimated_return_empty_container_at" TIMESTAMPTZ(3),
    "actual_return_empty_container_at" TIMESTAMPTZ(3),

    CONSTRAINT "containers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "container_events" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "container_id" INTEGER NOT NULL,
    "datetime" TIMESTAMPTZ(3),
    "estimated" BOOLEAN,
    "place" TEXT,
    "status" TEXT,
    "transport" TEXT,
    "voyage" TEXT,

    CONSTRAINT "container_events_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "cargos" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "transportable_id" INTEGER NOT NULL,
    "quantity" TEXT NOT NULL,
    "measurement_unit" "MeasurementUnit" NOT NULL,
    "weight_kg" TEXT,
    "volume_cubic_meters" TEXT,
    "cubic_weight" TEXT,
    "dimensions" TEXT,

    CONSTRAINT "cargos_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "demurrages" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "free_time" INTEGER NOT NULL,
    "daily_rate_usd" TEXT NOT NULL,

    CONSTRAINT "demurrages_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "international_freights" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "type" "FreightType",
    "freight_cost_collect" TEXT,
    "freight_cost_prepaid" TEXT,
    "freight_cost_road" TEXT,
    "freight_cost_total" TEXT,
    "currency_code" TEXT,
    "freight_forwarder" TEXT,
    "quotation_number" TEXT,
    "sealine_id" INTEGER,
    "vessel_id" INTEGER,
    "voyage_number" TEXT,
    "booking_loading_port_id" INTEGER,
    "booking_discharge_port_id" INTEGER,
    "booking_loading_airport_id" INTEGER,
    "booking_discharge_airport_id" INTEGER,
    "booking_etd" TIMESTAMPTZ(3),
    "booking_eta" TIMESTAMPTZ(3),
    "planned_boarding_date" TIMESTAMPTZ(3),

    CONSTRAINT "international_freights_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "international_transport_legs" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "modal_type" "TransportModalType",
    "departure_place" TEXT,
    "arrival_place" TEXT,
    "etd" TIMESTAMPTZ(3),
    "eta" TIMESTAMPTZ(3),
    "atd" TIMESTAMPTZ(3),
    "ata" TIMESTAMPTZ(3),
    "vessel" TEXT,
    "voyage" TEXT,

    CONSTRAINT "international_transport_legs_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "maritime_transport_shipments" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "type" "MaritimeShipmentType",
    "bl" TEXT,
    "hbl" TEXT,
    "booking" TEXT,
    "tracking_number" TEXT,
    "loading_port_id" INTEGER,
    "discharge_port_id" INTEGER,
    "tracking_loading_port" TEXT,
    "tracking_discharge_port" TEXT,
    "sealine_id" INTEGER,
    "vessel_id" INTEGER,
    "voyage_number" TEXT,
    "tracking_key" "TrackingKey",
    "valid_keys" "TrackingKey"[],

    CONSTRAINT "maritime_transport_shipments_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "air_transport_shipments" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "type" "AirShipmentType",
    "awb" TEXT,
    "hawb" TEXT,
    "airline_id" INTEGER,
    "origin_airport_id" INTEGER,
    "destination_airport_id" INTEGER,

    CONSTRAINT "air_transport_shipments_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "house_awbs" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "air_shipment_id" INTEGER NOT NULL,
    "hawb" TEXT,
    "flight" TEXT,
    "airline_id" INTEGER,
    "loading_airport_id" INTEGER,
    "unloading_airport_id" INTEGER,
    "etd" TIMESTAMPTZ(3),
    "eta" TIMESTAMPTZ(3),
    "atd" TIMESTAMPTZ(3),
    "ata" TIMESTAMPTZ(3),
    "is_transport_type_dta" BOOLEAN,
    "dta_number" TEXT,
    "di_number" TEXT,
    "status" TEXT,
    "stopovers" TEXT[],
    "extra" JSONB,

    CONSTRAINT "house_awbs_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "road_transport_shipments" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "type" "RoadShipmentType",
    "crt" TEXT,
    "origin" TEXT,
    "destination" TEXT,

    CONSTRAINT "road_transport_shipments_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "national_road_transports" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "route_id" INTEGER NOT NULL,
    "leg_slug" TEXT NOT NULL,
    "is_transport_type_dta" BOOLEAN NOT NULL DEFAULT false,
    "load_type" "LoadType",
    "road_transport_type" "RoadTransportType",
    "transport_features" "TransportFeature"[],
    "quantity_pallets" INTEGER,
    "national_road_carrier_id" INTEGER,
    "collection_scheduled_at" TIMESTAMPTZ(3),
    "delivery_planned_at" TIMESTAMPTZ(3),
    "released_for_transport_at" TIMESTAMPTZ(3),
    "transport_completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "national_road_transports_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "trips" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "national_road_transport_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "driver_id" INTEGER,
    "driver_name" TEXT,
    "vehicle_id" INTEGER,
    "vehicle_plate" TEXT,
    "trailer_id" INTEGER,
    "trailer_plate" TEXT,
    "transportable_ids" INTEGER[],

    CONSTRAINT "trips_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "trip_phases" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "route_point_id" INTEGER NOT NULL,
    "departure_at" TIMESTAMPTZ(3),
    "estimated_realized_at" TIMESTAMPTZ(3),
    "realized_at" TIMESTAMPTZ(3),

    CONSTRAINT "trip_phases_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "parcel_shipments" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "tracking_number" TEXT NOT NULL,
    "courier_id" INTEGER,
    "origin_address" TEXT,
    "origin_country_code" TEXT,
    "destination_address" TEXT,
    "destination_country_code" TEXT,
    "etd" TIMESTAMPTZ(3),
    "eta" TIMESTAMPTZ(3),
    "atd" TIMESTAMPTZ(3),
    "ata" TIMESTAMPTZ(3),

    CONSTRAINT "parcel_shipments_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "ce_mercantes" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "number" TEXT,
    "bl" TEXT,
    "cargo_description" TEXT,
    "cargo_status" TEXT,
    "cargo_presence_at" TIMESTAMPTZ(3),
    "consignee_document" TEXT,
    "customs_place" TEXT,
    "di_number" TEXT,
    "dta_number" TEXT,
    "freight_cost" TEXT,
    "freight_currency_code" TEXT,
    "freight_payment_type" TEXT,
    "gross_weight_kg" TEXT,
    "issued_at" TIMESTAMPTZ(3),
    "origin_port" TEXT,
    "destination_port" TEXT,
    "shipping_agency" TEXT,
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',

    CONSTRAINT "ce_mercantes_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "ce_mercante_manifests" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "ce_mercante_id" INTEGER NOT NULL,
    "manifest_number" TEXT,
    "loading_port_unlocode" TEXT,
    "loading_port_terminal" TEXT,
    "discharge_port_unlocode" TEXT,
    "discharge_port_terminal" TEXT,

    CONSTRAINT "ce_mercante_manifests_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "shipment_import_declarations" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "comments" TEXT,
    "status" "AuthorizationStatus",

    CONSTRAINT "shipment_import_declarations_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "import_declarations" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_import_declaration_id" INTEGER NOT NULL,
    "number" TEXT,
    "status" "ImportDeclarationStatus",
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',
    "channel" "ImportChannel",
    "registered_at" TIMESTAMPTZ(3),
    "customs_cleared_at" TIMESTAMPTZ(3),
    "last_updated_at" TIMESTAMPTZ(3),
    "status_updated_at" TIMESTAMPTZ(3),
    "import_licenses" TEXT[],
    "extra" JSONB,

    CONSTRAINT "import_declarations_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "shipment_duimps" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "comments" TEXT,
    "status" "AuthorizationStatus",

    CONSTRAINT "shipment_duimps_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "duimps" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_duimp_id" INTEGER NOT NULL,
    "number" TEXT,
    "version" TEXT,
    "status" "DuimpStatus",
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',
    "channel" "ImportChannel",
    "delivered_at" TIMESTAMPTZ(3),
    "importer" TEXT,
    "registered_at" TIMESTAMPTZ(3),
    "customs_cleared_at" TIMESTAMPTZ(3),
    "last_updated_at" TIMESTAMPTZ(3),
    "extra" JSONB,

    CONSTRAINT "duimps_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "shipment_import_licenses" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "comments" TEXT,
    "status" "AuthorizationStatus",

    CONSTRAINT "shipment_import_licenses_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "import_licenses" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_import_license_id" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "status" "ImportLicenseStatus",
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',
    "approved_at" TIMESTAMPTZ(3),
    "registered_at" TIMESTAMPTZ(3),
    "last_updated_at" TIMESTAMPTZ(3),
    "status_updated_at" TIMESTAMPTZ(3),
    "extra" JSONB,

    CONSTRAINT "import_licenses_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "shipment_export_declarations" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "comments" TEXT,
    "status" "AuthorizationStatus",

    CONSTRAINT "shipment_export_declarations_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "export_declarations" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_export_declaration_id" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "channel" "ExportChannel",
    "status" "ExportDeclarationStatus",
    "status_response" "StatusResponse" NOT NULL DEFAULT 'PENDING',
    "registered_at" TIMESTAMPTZ(3),
    "customs_cleared_at" TIMESTAMPTZ(3),
    "endorsed_at" TIMESTAMPTZ(3),
    "last_updated_at" TIMESTAMPTZ(3),
    "extra" JSONB,

    CONSTRAINT "export_declarations_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "process_audit_items" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "process_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "show_observations_when" "ShowObservationsWhen",
    "checked" BOOLEAN NOT NULL DEFAULT false,
    "observations" TEXT,

    CONSTRAINT "process_audit_items_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "vessels" (
    "id" SERIAL NOT NULL,
    "mmsi_number" CHAR(9) NOT NULL,
    "imo_number" VARCHAR(7),
    "name" TEXT,
    "callsign" TEXT,
    "ais_class" "AisClass",
    "country_code" CHAR(2),
    "deadweight" INTEGER,
    "gross_tonnage" INTEGER,
    "ship_type_code" INTEGER,
    "dimension_a" INTEGER,
    "dimension_b" INTEGER,
    "dimension_c" INTEGER,
    "dimension_d" INTEGER,
    "draught" DOUBLE PRECISION,
    "ais_updated_at" TIMESTAMPTZ(3),
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "course" DOUBLE PRECISION,
    "heading" INTEGER,
    "speed" DOUBLE PRECISION,
    "nav_status" INTEGER,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vessels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vessel_voyages" (
    "id" SERIAL NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "destination" TEXT,
    "destination_port_unlocode" CHAR(5),
    "eta" TIMESTAMPTZ(3),
    "draught" DOUBLE PRECISION,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vessel_voyages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "port_schedules" (
    "id" SERIAL NOT NULL,
    "port_id" INTEGER NOT NULL,
    "schedule_number" TEXT NOT NULL,
    "vessel_id" INTEGER,
    "etb" TIMESTAMPTZ(3) NOT NULL,
    "atb" TIMESTAMPTZ(3),
    "etu" TIMESTAMPTZ(3),
    "atu" TIMESTAMPTZ(3),
    "carrier_code" TEXT,
    "carrier_name" TEXT,
    "carrier_country_code" CHAR(2),
    "carrier_voyage" TEXT,
    "operation_type" TEXT,
    "shipping_agency_cnpj" TEXT,
    "shipping_agency_name" TEXT,
    "vessel_responsible" TEXT,
    "last_ports" JSONB,
    "next_ports" JSONB,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "port_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tracking_events" (
    "id" SERIAL NOT NULL,
    "kind" "TrackingEventKind" NOT NULL,
    "vessel_id" INTEGER,
    "company_id" INTEGER,
    "shipment_id" INTEGER,
    "changes" JSONB NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "tracking_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cost_models_company_id_name_idx" ON "cost_models"("company_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "cost_model_versions_company_id_cost_model_id_version_key" ON "cost_model_versions"("company_id", "cost_model_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "cost_expenses_company_id_slug_key" ON "cost_expenses"("company_id", "slug");

-- CreateIndex
CREATE INDEX "cost_model_expenses_company_id_cost_model_version_id_idx" ON "cost_model_expenses"("company_id", "cost_model_version_id");

-- CreateIndex
CREATE INDEX "cost_matching_rules_company_id_cost_model_expense_id_idx" ON "cost_matching_rules"("company_id", "cost_model_expense_id");

-- CreateIndex
CREATE INDEX "cost_per_expenses_company_id_cost_model_expense_id_idx" ON "cost_per_expenses"("company_id", "cost_model_expense_id");

-- CreateIndex
CREATE UNIQUE INDEX "cost_per_expenses_company_id_process_id_cost_model_expense__key" ON "cost_per_expenses"("company_id", "process_id", "cost_model_expense_id");

-- CreateIndex
CREATE INDEX "orders_company_id_operation_id_reference_code_idx" ON "orders"("company_id", "operation_id", "reference_code");

-- CreateIndex
CREATE INDEX "orders_company_id_operation_id_inserted_at_idx" ON "orders"("company_id", "operation_id", "inserted_at");

-- CreateIndex
CREATE INDEX "orders_company_id_operation_id_updated_at_idx" ON "orders"("company_id", "operation_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "purchase_orders_company_id_order_id_key" ON "purchase_orders"("company_id", "order_id");

-- CreateIndex
CREATE INDEX "purchase_order_items_company_id_product_id_idx" ON "purchase_order_items"("company_id", "product_id");

-- CreateIndex
CREATE UNIQUE INDEX "purchase_order_items_company_id_purchase_order_id_line_refe_key" ON "purchase_order_items"("company_id", "purchase_order_id", "line_reference");

-- CreateIndex
CREATE INDEX "purchase_order_item_foreign_operators_company_id_actor_id_idx" ON "purchase_order_item_foreign_operators"("company_id", "actor_id");

-- CreateIndex
CREATE UNIQUE INDEX "sales_orders_company_id_order_id_key" ON "sales_orders"("company_id", "order_id");

-- CreateIndex
CREATE INDEX "sales_order_items_company_id_product_id_idx" ON "sales_order_items"("company_id", "product_id");

-- CreateIndex
CREATE UNIQUE INDEX "sales_order_items_company_id_sales_order_id_line_reference_key" ON "sales_order_items"("company_id", "sales_order_id", "line_reference");

-- CreateIndex
CREATE INDEX "order_handlers_company_id_actor_id_idx" ON "order_handlers"("company_id", "actor_id");

-- CreateIndex
CREATE UNIQUE INDEX "order_handlers_company_id_order_id_role_key" ON "order_handlers"("company_id", "order_id", "role");

-- CreateIndex
CREATE UNIQUE INDEX "access_groups_company_id_slug_key" ON "access_groups"("company_id", "slug");

-- CreateIndex
CREATE INDEX "partnerships_company_id_internal_code_idx" ON "partnerships"("company_id", "internal_code");

-- CreateIndex
CREATE UNIQUE INDEX "partnerships_company_id_actor_id_key" ON "partnerships"("company_id", "actor_id");

-- CreateIndex
CREATE INDEX "partnership_roles_company_id_role_idx" ON "partnership_roles"("company_id", "role");

-- CreateIndex
CREATE UNIQUE INDEX "partnership_roles_company_id_partnership_id_role_key" ON "partnership_roles"("company_id", "partnership_id", "role");

-- CreateIndex
CREATE UNIQUE INDEX "maritime_ports_unlocode_key" ON "maritime_ports"("unlocode");

-- CreateIndex
CREATE INDEX "maritime_ports_country_code_idx" ON "maritime_ports"("country_code");

-- CreateIndex
CREATE UNIQUE INDEX "airports_icao_code_key" ON "airports"("icao_code");

-- CreateIndex
CREATE INDEX "airports_iata_code_idx" ON "airports"("iata_code");

-- CreateIndex
CREATE UNIQUE INDEX "airlines_source_id_key" ON "airlines"("source_id");

-- CreateIndex
CREATE INDEX "airlines_iata_code_idx" ON "airlines"("iata_code");

-- CreateIndex
CREATE INDEX "airlines_icao_code_idx" ON "airlines"("icao_code");

-- CreateIndex
CREATE UNIQUE INDEX "sealines_scac_key" ON "sealines"("scac");

-- CreateIndex
CREATE INDEX "processes_company_id_operation_id_reference_code_idx" ON "processes"("company_id", "operation_id", "reference_code");

-- CreateIndex
CREATE INDEX "processes_company_id_operation_id_inserted_at_idx" ON "processes"("company_id", "operation_id", "inserted_at");

-- CreateIndex
CREATE INDEX "brazilian_invoices_company_id_process_id_idx" ON "brazilian_invoices"("company_id", "process_id");

-- CreateIndex
CREATE INDEX "brazilian_invoices_company_id_access_key_idx" ON "brazilian_invoices"("company_id", "access_key");

-- CreateIndex
CREATE INDEX "process_orders_company_id_order_id_idx" ON "process_orders"("company_id", "order_id");

-- CreateIndex
CREATE INDEX "process_handlers_company_id_actor_id_idx" ON "process_handlers"("company_id", "actor_id");

-- CreateIndex
CREATE UNIQUE INDEX "process_handlers_company_id_process_id_role_key" ON "process_handlers"("company_id", "process_id", "role");

-- CreateIndex
CREATE INDEX "process_documents_company_id_process_id_idx" ON "process_documents"("company_id", "process_id");

-- CreateIndex
CREATE INDEX "routes_company_id_name_idx" ON "routes"("company_id", "name");

-- CreateIndex
CREATE INDEX "route_points_company_id_route_id_position_idx" ON "route_points"("company_id", "route_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "foreign_trade_shipments_company_id_process_id_key" ON "foreign_trade_shipments"("company_id", "process_id");

-- CreateIndex
CREATE INDEX "shipment_items_company_id_shipment_id_idx" ON "shipment_items"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "shipment_items_company_id_purchase_order_item_id_idx" ON "shipment_items"("company_id", "purchase_order_item_id");

-- CreateIndex
CREATE INDEX "shipment_items_company_id_sales_order_item_id_idx" ON "shipment_items"("company_id", "sales_order_item_id");

-- CreateIndex
CREATE INDEX "invoices_company_id_shipment_id_idx" ON "invoices"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "invoice_items_company_id_invoice_id_idx" ON "invoice_items"("company_id", "invoice_id");

-- CreateIndex
CREATE INDEX "transportables_company_id_shipment_id_idx" ON "transportables"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "containers_company_id_transportable_id_key" ON "containers"("company_id", "transportable_id");

-- CreateIndex
CREATE INDEX "container_events_company_id_container_id_idx" ON "container_events"("company_id", "container_id");

-- CreateIndex
CREATE UNIQUE INDEX "cargos_company_id_transportable_id_key" ON "cargos"("company_id", "transportable_id");

-- CreateIndex
CREATE UNIQUE INDEX "demurrages_company_id_shipment_id_key" ON "demurrages"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "international_freights_company_id_shipment_id_key" ON "international_freights"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "international_transport_legs_company_id_shipment_id_idx" ON "international_transport_legs"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "maritime_transport_shipments_vessel_id_idx" ON "maritime_transport_shipments"("vessel_id");

-- CreateIndex
CREATE UNIQUE INDEX "maritime_transport_shipments_company_id_shipment_id_key" ON "maritime_transport_shipments"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "air_transport_shipments_company_id_shipment_id_key" ON "air_transport_shipments"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "house_awbs_company_id_air_shipment_id_idx" ON "house_awbs"("company_id", "air_shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "road_transport_shipments_company_id_shipment_id_key" ON "road_transport_shipments"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "national_road_transports_company_id_shipment_id_idx" ON "national_road_transports"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "national_road_transports_company_id_route_id_idx" ON "national_road_transports"("company_id", "route_id");

-- CreateIndex
CREATE INDEX "trips_company_id_national_road_transport_id_idx" ON "trips"("company_id", "national_road_transport_id");

-- CreateIndex
CREATE INDEX "trip_phases_company_id_trip_id_idx" ON "trip_phases"("company_id", "trip_id");

-- CreateIndex
CREATE INDEX "trip_phases_company_id_route_point_id_idx" ON "trip_phases"("company_id", "route_point_id");

-- CreateIndex
CREATE INDEX "parcel_shipments_company_id_shipment_id_idx" ON "parcel_shipments"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "ce_mercantes_company_id_shipment_id_key" ON "ce_mercantes"("company_id", "shipment_id");

-- CreateIndex
CREATE INDEX "ce_mercante_manifests_company_id_ce_mercante_id_idx" ON "ce_mercante_manifests"("company_id", "ce_mercante_id");

-- CreateIndex
CREATE INDEX "shipment_import_declarations_company_id_shipment_id_idx" ON "shipment_import_declarations"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_declarations_company_id_shipment_import_declaration__key" ON "import_declarations"("company_id", "shipment_import_declaration_id");

-- CreateIndex
CREATE INDEX "shipment_duimps_company_id_shipment_id_idx" ON "shipment_duimps"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "duimps_company_id_shipment_duimp_id_key" ON "duimps"("company_id", "shipment_duimp_id");

-- CreateIndex
CREATE INDEX "shipment_import_licenses_company_id_shipment_id_idx" ON "shipment_import_licenses"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_licenses_company_id_shipment_import_license_id_key" ON "import_licenses"("company_id", "shipment_import_license_id");

-- CreateIndex
CREATE INDEX "shipment_export_declarations_company_id_shipment_id_idx" ON "shipment_export_declarations"("company_id", "shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "export_declarations_company_id_shipment_export_declaration__key" ON "export_declarations"("company_id", "shipment_export_declaration_id");

-- CreateIndex
CREATE INDEX "process_audit_items_company_id_process_id_idx" ON "process_audit_items"("company_id", "process_id");

-- CreateIndex
CREATE UNIQUE INDEX "vessels_mmsi_number_key" ON "vessels"("mmsi_number");

-- CreateIndex
CREATE INDEX "vessels_imo_number_idx" ON "vessels"("imo_number");

-- CreateIndex
CREATE INDEX "vessels_name_idx" ON "vessels"("name");

-- CreateIndex
CREATE INDEX "vessels_callsign_idx" ON "vessels"("callsign");

-- CreateIndex
CREATE INDEX "vessel_voyages_vessel_id_started_at_idx" ON "vessel_voyages"("vessel_id", "started_at");

-- CreateIndex
CREATE INDEX "port_schedules_port_id_etb_idx" ON "port_schedules"("port_id", "etb");

-- CreateIndex
CREATE UNIQUE INDEX "port_schedules_port_id_schedule_number_key" ON "port_schedules"("port_id", "schedule_number");

-- CreateIndex
CREATE INDEX "tracking_events_company_id_occurred_at_idx" ON "tracking_events"("company_id", "occurred_at");

-- CreateIndex
CREATE INDEX "tracking_events_dispatched_at_id_idx" ON "tracking_events"("dispatched_at", "id");

-- CreateIndex
CREATE INDEX "tracking_events_vessel_id_idx" ON "tracking_events"("vessel_id");

-- AddForeignKey
ALTER TABLE "cost_model_versions" ADD CONSTRAINT "cost_model_versions_company_id_cost_model_id_fkey" FOREIGN KEY ("company_id", "cost_model_id") REFERENCES "cost_models"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_model_expenses" ADD CONSTRAINT "cost_model_expenses_company_id_cost_model_version_id_fkey" FOREIGN KEY ("company_id", "cost_model_version_id") REFERENCES "cost_model_versions"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_model_expenses" ADD CONSTRAINT "cost_model_expenses_company_id_cost_expense_id_fkey" FOREIGN KEY ("company_id", "cost_expense_id") REFERENCES "cost_expenses"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_matching_rules" ADD CONSTRAINT "cost_matching_rules_company_id_cost_model_expense_id_fkey" FOREIGN KEY ("company_id", "cost_model_expense_id") REFERENCES "cost_model_expenses"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_per_expenses" ADD CONSTRAINT "cost_per_expenses_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cost_per_expenses" ADD CONSTRAINT "cost_per_expenses_company_id_cost_model_expense_id_fkey" FOREIGN KEY ("company_id", "cost_model_expense_id") REFERENCES "cost_model_expenses"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_operation_id_fkey" FOREIGN KEY ("company_id", "operation_id") REFERENCES "operations"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_subsidiary_id_fkey" FOREIGN KEY ("company_id", "subsidiary_id") REFERENCES "subsidiaries"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_company_id_order_id_fkey" FOREIGN KEY ("company_id", "order_id") REFERENCES "orders"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_company_id_purchase_order_id_fkey" FOREIGN KEY ("company_id", "purchase_order_id") REFERENCES "purchase_orders"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_company_id_product_id_fkey" FOREIGN KEY ("company_id", "product_id") REFERENCES "products"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "purchase_order_item_foreign_operators" ADD CONSTRAINT "purchase_order_item_foreign_operators_company_id_item_id_fkey" FOREIGN KEY ("company_id", "item_id") REFERENCES "purchase_order_items"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "purchase_order_item_foreign_operators" ADD CONSTRAINT "purchase_order_item_foreign_operators_company_id_actor_id_fkey" FOREIGN KEY ("company_id", "actor_id") REFERENCES "actors"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_company_id_order_id_fkey" FOREIGN KEY ("company_id", "order_id") REFERENCES "orders"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_company_id_sales_order_id_fkey" FOREIGN KEY ("company_id", "sales_order_id") REFERENCES "sales_orders"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_company_id_product_id_fkey" FOREIGN KEY ("company_id", "product_id") REFERENCES "products"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "order_handlers" ADD CONSTRAINT "order_handlers_company_id_order_id_fkey" FOREIGN KEY ("company_id", "order_id") REFERENCES "orders"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_handlers" ADD CONSTRAINT "order_handlers_company_id_operation_handler_id_fkey" FOREIGN KEY ("company_id", "operation_handler_id") REFERENCES "operation_handlers"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "order_handlers" ADD CONSTRAINT "order_handlers_company_id_actor_id_fkey" FOREIGN KEY ("company_id", "actor_id") REFERENCES "actors"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_company_id_actor_id_fkey" FOREIGN KEY ("company_id", "actor_id") REFERENCES "actors"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partnership_roles" ADD CONSTRAINT "partnership_roles_company_id_partnership_id_fkey" FOREIGN KEY ("company_id", "partnership_id") REFERENCES "partnerships"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partnership_roles" ADD CONSTRAINT "partnership_roles_company_id_access_group_id_fkey" FOREIGN KEY ("company_id", "access_group_id") REFERENCES "access_groups"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "processes" ADD CONSTRAINT "processes_company_id_operation_id_fkey" FOREIGN KEY ("company_id", "operation_id") REFERENCES "operations"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "processes" ADD CONSTRAINT "processes_company_id_cost_model_version_id_fkey" FOREIGN KEY ("company_id", "cost_model_version_id") REFERENCES "cost_model_versions"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "brazilian_invoices" ADD CONSTRAINT "brazilian_invoices_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_orders" ADD CONSTRAINT "process_orders_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_orders" ADD CONSTRAINT "process_orders_company_id_order_id_fkey" FOREIGN KEY ("company_id", "order_id") REFERENCES "orders"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_handlers" ADD CONSTRAINT "process_handlers_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_handlers" ADD CONSTRAINT "process_handlers_company_id_operation_handler_id_fkey" FOREIGN KEY ("company_id", "operation_handler_id") REFERENCES "operation_handlers"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_handlers" ADD CONSTRAINT "process_handlers_company_id_actor_id_fkey" FOREIGN KEY ("company_id", "actor_id") REFERENCES "actors"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_documents" ADD CONSTRAINT "process_documents_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "route_points" ADD CONSTRAINT "route_points_company_id_route_id_fkey" FOREIGN KEY ("company_id", "route_id") REFERENCES "routes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "foreign_trade_shipments" ADD CONSTRAINT "foreign_trade_shipments_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_company_id_purchase_order_item_id_fkey" FOREIGN KEY ("company_id", "purchase_order_item_id") REFERENCES "purchase_order_items"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_company_id_sales_order_item_id_fkey" FOREIGN KEY ("company_id", "sales_order_item_id") REFERENCES "sales_order_items"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_company_id_invoice_id_fkey" FOREIGN KEY ("company_id", "invoice_id") REFERENCES "invoices"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transportables" ADD CONSTRAINT "transportables_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "containers" ADD CONSTRAINT "containers_company_id_transportable_id_fkey" FOREIGN KEY ("company_id", "transportable_id") REFERENCES "transportables"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "container_events" ADD CONSTRAINT "container_events_company_id_container_id_fkey" FOREIGN KEY ("company_id", "container_id") REFERENCES "containers"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_company_id_transportable_id_fkey" FOREIGN KEY ("company_id", "transportable_id") REFERENCES "transportables"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "demurrages" ADD CONSTRAINT "demurrages_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "international_transport_legs" ADD CONSTRAINT "international_transport_legs_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "maritime_transport_shipments" ADD CONSTRAINT "maritime_transport_shipments_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "air_transport_shipments" ADD CONSTRAINT "air_transport_shipments_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "house_awbs" ADD CONSTRAINT "house_awbs_company_id_air_shipment_id_fkey" FOREIGN KEY ("company_id", "air_shipment_id") REFERENCES "air_transport_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "road_transport_shipments" ADD CONSTRAINT "road_transport_shipments_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "national_road_transports" ADD CONSTRAINT "national_road_transports_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "national_road_transports" ADD CONSTRAINT "national_road_transports_company_id_route_id_fkey" FOREIGN KEY ("company_id", "route_id") REFERENCES "routes"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_national_road_transport_id_fkey" FOREIGN KEY ("company_id", "national_road_transport_id") REFERENCES "national_road_transports"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_phases" ADD CONSTRAINT "trip_phases_company_id_trip_id_fkey" FOREIGN KEY ("company_id", "trip_id") REFERENCES "trips"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trip_phases" ADD CONSTRAINT "trip_phases_company_id_route_point_id_fkey" FOREIGN KEY ("company_id", "route_point_id") REFERENCES "route_points"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "parcel_shipments" ADD CONSTRAINT "parcel_shipments_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ce_mercantes" ADD CONSTRAINT "ce_mercantes_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ce_mercante_manifests" ADD CONSTRAINT "ce_mercante_manifests_company_id_ce_mercante_id_fkey" FOREIGN KEY ("company_id", "ce_mercante_id") REFERENCES "ce_mercantes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_import_declarations" ADD CONSTRAINT "shipment_import_declarations_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_declarations" ADD CONSTRAINT "import_declarations_company_id_shipment_import_declaration_fkey" FOREIGN KEY ("company_id", "shipment_import_declaration_id") REFERENCES "shipment_import_declarations"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_duimps" ADD CONSTRAINT "shipment_duimps_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "duimps" ADD CONSTRAINT "duimps_company_id_shipment_duimp_id_fkey" FOREIGN KEY ("company_id", "shipment_duimp_id") REFERENCES "shipment_duimps"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_import_licenses" ADD CONSTRAINT "shipment_import_licenses_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_licenses" ADD CONSTRAINT "import_licenses_company_id_shipment_import_license_id_fkey" FOREIGN KEY ("company_id", "shipment_import_license_id") REFERENCES "shipment_import_licenses"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_export_declarations" ADD CONSTRAINT "shipment_export_declarations_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "export_declarations" ADD CONSTRAINT "export_declarations_company_id_shipment_export_declaration_fkey" FOREIGN KEY ("company_id", "shipment_export_declaration_id") REFERENCES "shipment_export_declarations"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_audit_items" ADD CONSTRAINT "process_audit_items_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessel_voyages" ADD CONSTRAINT "vessel_voyages_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_schedules" ADD CONSTRAINT "port_schedules_port_id_fkey" FOREIGN KEY ("port_id") REFERENCES "maritime_ports"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "port_schedules" ADD CONSTRAINT "port_schedules_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A reference code is unique among the live orders and processes of an operation (a deleted code can be reused).
CREATE UNIQUE INDEX "orders_company_id_operation_id_reference_code_live_key" ON "orders"("company_id", "operation_id", "reference_code") WHERE "deleted_at" IS NULL;
CREATE UNIQUE INDEX "processes_company_id_operation_id_reference_code_live_key" ON "processes"("company_id", "operation_id", "reference_code") WHERE "deleted_at" IS NULL;
