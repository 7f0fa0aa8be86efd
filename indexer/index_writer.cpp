// IndexWriter: one WritableDatabase, one transaction between commits, under the
// index lock. A full rebuild (or a first build) writes a new generation that
// readers cannot see until commit() swaps the stub (indexer/generations.hpp).
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <system_error>

#include <xapian.h>

#include "core/clock.hpp"
#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/version.hpp"
#include "indexer/document_builder.hpp"
#include "indexer/generations.hpp"
#include "indexer/index_lock.hpp"
#include "indexer/part_writer.hpp"
#include "indexer/person_keys.hpp"
#include "vocabulary/schema.hpp"
#include "vocabulary/acronyms.hpp"
#include "vocabulary/synonyms.hpp"
#include "vocabulary/xapian_errors.hpp"
#include "vocabulary/facet_table.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

namespace {

bool holds_xapian_db(const fs::path& dir) {
    std::error_code ec;
    for (const char* marker : {"iamglass", "iamchert", "iamhoney", "XAPIANDB"})
        if (fs::exists(dir / marker, ec)) return true;
    // What an interrupted first build leaves: the lock file, unpublished generations.
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name != indexing::lock_file_name && name != "XAPIANDB.tmp" && !indexing::parse_generation_name(name) &&
            !indexing::is_scratch_name(name))
            return false;
    }
    return !ec;
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
    indexing::IndexLock lock;  // declared first: released last
    fs::path path;
    std::string name;
    indexing::IndexState state;
    std::string generation;  // the generation written; empty for a legacy index
    fs::path target;         // the database directory written
    bool unpublished = false;  // building a generation that readers cannot see yet
    std::size_t unflushed = 0;
    std::vector<std::string> removed_generations;
    int reference_year;
    bool compact;
    std::vector<fs::path> parts;  // scratch databases of build threads (indexer/part_writer.hpp)
    Xapian::WritableDatabase db;
    indexing::DocumentBuilder builder;
    /// The names whose person groups the next commit looks at again.
    indexing::PersonKeys persons;
    bool in_transaction = false;
    std::uintmax_t compacted_bytes = 0;  // size of the compaction just made, recorded at the next commit
    bool compact_now = false;            // compacted, and nothing put or removed since
    std::vector<std::string> warnings;

    Impl(const fs::path& p, const WriterOptions& o)
        : path(p), name(p.string()),
          reference_year(o.reference_year ? o.reference_year : indexing::DocumentBuilder::current_year()),
          compact(o.compact), builder(reference_year) {}

    ~Impl() {
        try {
            if (in_transaction) db.cancel_transaction();
            if (unpublished) {  // never published: no reader can have opened it
                db.close();
                std::error_code ec;
                fs::remove_all(target, ec);  // with its parts
                fs::remove_all(path / (generation + ".compact"), ec);
                fs::remove_all(path / (generation + ".raw"), ec);
            }
        } catch (...) {  // nothing useful to do in a destructor
        }
    }

    void compact_generation();
    void compact_published();
    void save_facet_table(const fs::path& dir);

    template <class F>
    decltype(auto) guarded(F&& f) const {
        try {
            return f();
        } catch (const Xapian::Error& e) {
            throw xapian_errors::translate(e, name);
        }
    }
};

namespace {

void rename_or_throw(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    fs::rename(from, to, ec);
    if (ec) throw Error(ErrorCode::io, from.string(), "cannot rename to " + to.string() + ": " + ec.message());
}

}  // namespace

/// Rewrites the unpublished generation as one compact database: the parts, in
/// the order they were made, then the writer's own documents (Xapian renumbers
/// the docids in that order). Compaction merges the spelling and synonym
/// tables too. A compact generation is about 45% smaller and a little faster
/// to search; incremental runs update it in place as before.
void IndexWriter::Impl::compact_generation() {
    const fs::path tmp = path / (generation + ".compact");
    const fs::path raw = path / (generation + ".raw");
    std::error_code ec;
    fs::remove_all(tmp, ec);
    fs::remove_all(raw, ec);
    db.close();
    {
        Xapian::Database sources;
        for (const auto& part : parts) sources.add_database(Xapian::Database(part.string()));
        sources.add_database(Xapian::Database(target.string()));
        sources.compact(tmp.string());
    }
    // Nobody reads an unpublished generation: swapping its directory is safe.
    compacted_bytes = indexing::directory_bytes(tmp);
    compact_now = true;
    rename_or_throw(target, raw);
    rename_or_throw(tmp, target);
    fs::remove_all(raw, ec);
    parts.clear();
    db = Xapian::WritableDatabase(target.string(), Xapian::DB_OPEN);
    builder.set_spelling_database(db);
}

/// Saves the facet table of the database committed in `dir` beside it, for
/// readers to load instead of building it (vocabulary/facet_table.hpp). It is a
/// cache: when it cannot be saved the commit stands, readers build the table
/// themselves as they did before, and warnings() says so.
void IndexWriter::Impl::save_facet_table(const fs::path& dir) {
    auto warn = [&](const std::string& why) {
        warnings.push_back((dir / search::FacetTable::file_name).string() + ": cannot save the facet table (" + why +
                           "); searches build it in memory instead, which is slower for their first facet counts");
    };
    try {
        search::FacetTable::save_for(dir);
    } catch (const Xapian::Error& e) {
        warn(e.get_description());
    } catch (const std::exception& e) {
        warn(e.what());
    }
}

/// Compacts the committed current generation into gen-(N+1) and publishes it,
/// as a full rebuild publishes its generation: readers move over at their next
/// request, and clean() deletes the old one after the grace period. Call with
/// nothing pending (right after a commit). The writer goes on in the new one.
void IndexWriter::Impl::compact_published() {
    const std::string next = indexing::generation_name(state.next_number());
    const fs::path out = path / next;
    const fs::path tmp = path / (next + ".compact");  // a scratch name: clean() deletes it if we are killed
    std::error_code ec;
    fs::remove_all(tmp, ec);
    Xapian::WritableDatabase fresh;
    bool made_out = false;
    try {
        Xapian::Database(target.string()).compact(tmp.string());  // the last committed revision
        const std::uintmax_t bytes = indexing::directory_bytes(tmp);
        rename_or_throw(tmp, out);
        made_out = true;
        fresh = Xapian::WritableDatabase(out.string(), Xapian::DB_OPEN);
        fresh.set_metadata(std::string(schema::meta_compacted_bytes), std::to_string(bytes));
        fresh.commit();
        save_facet_table(out);
        indexing::publish(state, next);  // the switch for readers
    } catch (...) {
        fresh.close();
        fs::remove_all(tmp, ec);
        if (made_out) fs::remove_all(out, ec);  // never published: nobody reads it
        throw;                    // the writer still has the old generation, unchanged
    }
    if (in_transaction) db.cancel_transaction();  // empty: commit() ran just before
    in_transaction = false;
    db.close();
    db = fresh;
    generation = next;
    target = out;
    state = indexing::inspect(path);
    builder.set_spelling_database(db);
    db.begin_transaction();
    in_transaction = true;
    compact_now = true;
}

IndexWriter::IndexWriter(const fs::path& db, const WriterOptions& options) : impl_(std::make_unique<Impl>(db, options)) {
    check_db_path(db);
    std::error_code ec;
    fs::create_directories(db, ec);
    if (ec) throw Error(ErrorCode::io, db.string(), "cannot create the index directory: " + ec.message());
    auto& im = *impl_;
    indexing::inspect(db);  // refuse a foreign stub before leaving a lock file next to it
    im.lock = indexing::IndexLock(db, options.lock_wait, options.on_lock_wait);
    im.state = indexing::inspect(db);
    im.removed_generations = indexing::clean(im.state, options.grace).removed;
    im.state = indexing::inspect(db);

    if (options.overwrite || im.state.layout == indexing::Layout::none) {
        // A new generation, invisible until commit() publishes it.
        im.generation = indexing::generation_name(im.state.next_number());
        im.target = db / im.generation;
        im.unpublished = true;
        im.guarded([&] { im.db = Xapian::WritableDatabase(im.target.string(), Xapian::DB_CREATE); });
    } else {
        im.generation = im.state.current;
        im.target = im.state.current_path();
        if (im.state.layout == indexing::Layout::generations && !fs::exists(im.target / "iamglass", ec))
            throw Error(ErrorCode::index_corrupt, im.name,
                        "the stub file XAPIANDB names " + im.generation +
                            ", which is missing or not a database; rebuild the index with `cvsearch index DIR --db " +
                            im.name + " --full`");
        im.guarded([&] {
            im.db = Xapian::WritableDatabase(im.target.string(), Xapian::DB_OPEN);
            std::string schema = im.db.get_metadata(std::string(schema::meta_schema));
            if (schema != schema::version && (!schema.empty() || im.db.get_doccount() > 0))
                throw Error(ErrorCode::index_incompatible, im.name,
                            "the index has schema version " + (schema.empty() ? std::string("(none)") : schema) +
                                ", this cvsearch writes version " + std::string(schema::version) +
                                "; rebuild it with `cvsearch index DIR --db " + im.name + " --full`");
            // The list the index was built with, for good (vocabulary/pair_terms.hpp).
            im.builder.set_pair_words(
                indexing::PairWords::from_metadata(im.db.get_metadata(std::string(schema::meta_pair_words))));
            im.db.begin_transaction();
            im.in_transaction = true;
        });
    }
    im.guarded([&] { im.builder.set_spelling_database(im.db); });
}

IndexWriter::~IndexWriter() = default;

IndexWriter::IndexWriter(IndexWriter&&) noexcept = default;
IndexWriter& IndexWriter::operator=(IndexWriter&&) noexcept = default;

const fs::path& IndexWriter::path() const noexcept { return impl_->path; }

const std::string& IndexWriter::generation() const noexcept { return impl_->generation; }

const std::vector<std::string>& IndexWriter::removed_generations() const noexcept { return impl_->removed_generations; }

const std::vector<std::string>& IndexWriter::warnings() const noexcept { return impl_->warnings; }

void IndexWriter::put(const Profile& profile) {
    impl_->compact_now = false;
    impl_->guarded([&] {
        if (!impl_->unpublished) {  // a new generation is grouped whole at commit
            impl_->persons.note_replaced(impl_->db, schema::id_term(profile.id));
            impl_->persons.note_name(profile.name);
        }
        indexing::write_profile(impl_->db, impl_->builder, profile);
        if (impl_->unpublished && ++impl_->unflushed >= indexing::build_flush_every) {
            impl_->db.commit();  // durable, still invisible: the stub does not name it yet
            impl_->unflushed = 0;
        }
    });
}

bool IndexWriter::remove(std::string_view id) {
    return impl_->guarded([&] {
        std::string term = schema::id_term(id);
        if (!impl_->db.term_exists(term)) return false;
        impl_->compact_now = false;
        impl_->persons.note_replaced(impl_->db, term);
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
        auto& im = *impl_;
        auto& db = im.db;  // compact_generation() replaces it
        auto stamp = [&] {
            db.set_metadata(std::string(schema::meta_schema), std::string(schema::version));
            db.set_metadata(std::string(schema::meta_built_at), clock::iso8601_utc());
            db.set_metadata(std::string(schema::meta_library_version), version());
            db.set_metadata(std::string(schema::meta_profile_count), std::to_string(db.get_doccount()));
            // The synonym table always mirrors the compiled-in data/synonyms.tsv...
            std::vector<std::string> old_keys(db.synonym_keys_begin(), db.synonym_keys_end());
            for (const auto& k : old_keys) db.clear_synonyms(k);
            for (const auto& [key, concept_term] : analysis::SynonymTable::builtin().entries())
                db.add_synonym(key, concept_term);
            // ...plus the acronyms its profiles define (vocabulary/acronyms.hpp).
            analysis::add_acronym_synonyms(db, {db}, analysis::Analyzer());
            db.set_metadata(std::string(schema::meta_person_groups), "1");
            if (!im.builder.pair_words().empty())
                db.set_metadata(std::string(schema::meta_pair_words), im.builder.pair_words().to_metadata());
            if (im.compacted_bytes)
                db.set_metadata(std::string(schema::meta_compacted_bytes), std::to_string(im.compacted_bytes));
            im.compacted_bytes = 0;
        };
        if (im.unpublished) {
            db.commit();
            if (im.compact || !im.parts.empty()) im.compact_generation();
            im.persons.regroup_all();
            im.persons.apply(db);
            stamp();
            db.commit();
            im.save_facet_table(im.target);
            indexing::publish(im.state, im.generation);  // the switch for readers
            im.unpublished = false;
            im.unflushed = 0;
            im.state.layout = indexing::Layout::generations;
            im.state.current = im.generation;
        } else {
            // An index written before persons existed is grouped whole, once.
            if (db.get_metadata(std::string(schema::meta_person_groups)) != "1") im.persons.regroup_all();
            if (im.persons.pending()) im.persons.apply(db);
            stamp();
            db.commit_transaction();
            im.in_transaction = false;
            im.save_facet_table(im.target);
        }
        db.begin_transaction();
        im.in_transaction = true;
    });
}

void IndexWriter::compact() {
    auto& im = *impl_;
    if (im.unpublished && (im.compact || !im.parts.empty())) im.compact_now = true;  // commit() compacts it
    commit();
    if (im.compact_now) return;  // nothing changed since the last compaction
    im.guarded([&] { im.compact_published(); });
}

double IndexWriter::growth() const {
    return impl_->guarded([&] {
        const std::string recorded = impl_->db.get_metadata(std::string(schema::meta_compacted_bytes));
        const double base = recorded.empty() ? 0.0 : std::strtod(recorded.c_str(), nullptr);
        return base > 0 ? static_cast<double>(disk_bytes()) / base : 0.0;
    });
}

std::uintmax_t IndexWriter::disk_bytes() const { return indexing::directory_bytes(impl_->target); }

namespace indexing {

bool WriterParts::accepts_parts(const IndexWriter& writer) { return writer.impl_->unpublished; }

PartWriter WriterParts::make_part(IndexWriter& writer, std::size_t segment_docs) {
    auto& im = *writer.impl_;
    if (!im.unpublished)
        throw Error(ErrorCode::internal, im.name, "parts can only be added to a generation that is being built");
    fs::path dir = im.target / ("part-" + std::to_string(im.parts.size()));
    PartWriter part(dir, im.reference_year, im.builder.pair_words(), segment_docs);
    im.parts.push_back(dir);
    return part;
}

void WriterParts::set_pair_words(IndexWriter& writer, PairWords words) {
    auto& im = *writer.impl_;
    const bool empty = im.guarded([&] { return im.db.get_doccount() == 0; });
    if (!im.unpublished || !im.parts.empty() || !empty)
        throw Error(ErrorCode::internal, im.name, "pair words can only be chosen for a new, empty generation");
    im.builder.set_pair_words(std::move(words));
}

const PairWords& WriterParts::pair_words(const IndexWriter& writer) { return writer.impl_->builder.pair_words(); }

}  // namespace indexing

std::string index_generation(const fs::path& db) {
    try {
        auto st = indexing::inspect(db);
        return st.layout == indexing::Layout::generations ? st.current : std::string();
    } catch (const Error&) {
        return {};
    }
}

}  // namespace cvsearch
