// IndexWriter: one WritableDatabase, one transaction between commits.
#include <algorithm>
#include <ctime>
#include <system_error>

#include <xapian.h>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/version.hpp"
#include "indexer/document_builder.hpp"
#include "indexer/normalize/normalize.hpp"
#include "indexer/schema.hpp"
#include "indexer/synonyms.hpp"
#include "indexer/xapian_errors.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

namespace {

std::string utc_now_iso8601() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

bool holds_xapian_db(const fs::path& dir) {
    std::error_code ec;
    for (const char* marker : {"iamglass", "iamchert", "iamhoney", "XAPIANDB"})
        if (fs::exists(dir / marker, ec)) return true;
    return false;
}

/// Refuses paths that would mix an index into something else (e.g. the CV folder).
void check_db_path(const fs::path& db) {
    const std::string name = db.string();
    if (db.empty()) throw Error(ErrorCode::usage, name, "no index path given (use --db PATH)");
    std::error_code ec;
    auto st = fs::status(db, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st))
            throw Error(ErrorCode::usage, name, "exists and is not a directory; choose another --db path");
        if (!holds_xapian_db(db) && !fs::is_empty(db, ec))
            throw Error(ErrorCode::usage, name,
                        "is a directory with other files in it, not an index; choose an empty or new --db path");
    }
}

}  // namespace

struct IndexWriter::Impl {
    fs::path path;
    std::string name;
    Xapian::WritableDatabase db;
    indexing::DocumentBuilder builder;
    bool in_transaction = false;

    Impl(const fs::path& p, const WriterOptions& o)
        : path(p), name(p.string()),
          builder(o.reference_year ? o.reference_year : indexing::DocumentBuilder::current_year()) {}

    template <class F>
    decltype(auto) guarded(F&& f) const {
        try {
            return f();
        } catch (const Xapian::Error& e) {
            throw xapian_errors::translate(e, name);
        }
    }
};

IndexWriter::IndexWriter(const fs::path& db, const WriterOptions& options) : impl_(std::make_unique<Impl>(db, options)) {
    check_db_path(db);
    std::error_code ec;
    if (db.has_parent_path()) fs::create_directories(db.parent_path(), ec);
    if (ec) throw Error(ErrorCode::io, db.string(), "cannot create the parent directory: " + ec.message());
    impl_->guarded([&] {
        int flags = options.overwrite ? Xapian::DB_CREATE_OR_OVERWRITE : Xapian::DB_CREATE_OR_OPEN;
        impl_->db = Xapian::WritableDatabase(impl_->name, flags);
        std::string schema = impl_->db.get_metadata(std::string(schema::meta_schema));
        if (!options.overwrite && (schema != schema::version) && (!schema.empty() || impl_->db.get_doccount() > 0))
            throw Error(ErrorCode::index_incompatible, impl_->name,
                        "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
                            ", this cvsearch writes version " + std::string(schema::version) +
                            "; rebuild it with `cvsearch index DIR --db " + impl_->name + " --full`");
        impl_->builder.set_spelling_database(impl_->db);
        impl_->db.begin_transaction();
        impl_->in_transaction = true;
    });
}

IndexWriter::~IndexWriter() {
    if (impl_ && impl_->in_transaction) {
        try {
            impl_->db.cancel_transaction();
        } catch (...) {  // nothing useful to do in a destructor
        }
    }
}

IndexWriter::IndexWriter(IndexWriter&&) noexcept = default;
IndexWriter& IndexWriter::operator=(IndexWriter&&) noexcept = default;

const fs::path& IndexWriter::path() const noexcept { return impl_->path; }

void IndexWriter::put(const Profile& profile) {
    if (profile.id.empty())
        throw Error(ErrorCode::usage, profile.source.path, "profile has no id; set Profile::id before indexing it");
    Profile p = profile;
    normalize::normalize_profile(p);
    impl_->guarded([&] {
        Xapian::Document doc = impl_->builder.build(p);
        impl_->db.replace_document(schema::id_term(p.id), doc);
    });
}

bool IndexWriter::remove(std::string_view id) {
    return impl_->guarded([&] {
        std::string term = schema::id_term(id);
        if (!impl_->db.term_exists(term)) return false;
        impl_->db.delete_document(term);
        return true;
    });
}

bool IndexWriter::contains(std::string_view id) const {
    return impl_->guarded([&] { return impl_->db.term_exists(schema::id_term(id)); });
}

std::size_t IndexWriter::size() const {
    return impl_->guarded([&] { return static_cast<std::size_t>(impl_->db.get_doccount()); });
}

std::vector<IndexedProfile> IndexWriter::profiles() const {
    return impl_->guarded([&] {
        std::vector<IndexedProfile> out;
        out.reserve(impl_->db.get_doccount());
        for (auto it = impl_->db.postlist_begin(""); it != impl_->db.postlist_end(""); ++it) {
            Xapian::Document doc = impl_->db.get_document(*it);
            out.push_back({doc.get_value(schema::profile_id_slot), doc.get_value(schema::content_hash_slot),
                           doc.get_value(schema::source_path_slot)});
        }
        return out;
    });
}

void IndexWriter::commit() {
    impl_->guarded([&] {
        auto& db = impl_->db;
        db.set_metadata(std::string(schema::meta_schema), std::string(schema::version));
        db.set_metadata(std::string(schema::meta_built_at), utc_now_iso8601());
        db.set_metadata(std::string(schema::meta_library_version), version());
        db.set_metadata(std::string(schema::meta_profile_count), std::to_string(db.get_doccount()));
        // The synonym table always mirrors the compiled-in data/synonyms.tsv.
        std::vector<std::string> old_keys(db.synonym_keys_begin(), db.synonym_keys_end());
        for (const auto& k : old_keys) db.clear_synonyms(k);
        for (const auto& [key, concept_term] : analysis::SynonymTable::builtin().entries())
            db.add_synonym(key, concept_term);
        db.commit_transaction();
        impl_->in_transaction = false;
        db.begin_transaction();
        impl_->in_transaction = true;
    });
}

}  // namespace cvsearch
