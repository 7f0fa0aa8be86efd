#include "indexer/part_writer.hpp"

#include <utility>

#include "cvsearch/errors.hpp"
#include "indexer/normalize/normalize.hpp"
#include "indexer/schema.hpp"
#include "indexer/xapian_errors.hpp"

namespace cvsearch::indexing {

void write_profile(Xapian::WritableDatabase& db, DocumentBuilder& builder, const Profile& profile,
                   Xapian::WritableDatabase* spelling) {
    if (profile.id.empty())
        throw Error(ErrorCode::usage, profile.source.path, "profile has no id; set Profile::id before indexing it");
    Profile p = profile;
    normalize::normalize_profile(p);
    if (spelling) builder.set_spelling_database(*spelling);
    Xapian::Document doc = builder.build(p);
    db.replace_document(schema::id_term(p.id), doc);
}

namespace {

template <class F>
decltype(auto) guarded(const std::filesystem::path& dir, F&& f) {
    try {
        return f();
    } catch (const Xapian::Error& e) {
        throw xapian_errors::translate(e, dir.string());
    }
}

}  // namespace

PartWriter::PartWriter(std::filesystem::path dir, int reference_year, PairWords pair_words)
    : dir_(std::move(dir)), builder_(reference_year), reference_year_(reference_year) {
    builder_.set_pair_words(std::move(pair_words));
    guarded(dir_, [&] {
        db_ = Xapian::WritableDatabase(dir_.string(), Xapian::DB_CREATE);
        builder_.set_spelling_database(db_);
    });
}

void PartWriter::put(const Profile& profile) {
    guarded(dir_, [&] {
        write_profile(db_, builder_, profile);
        if (++unflushed_ >= build_flush_every) {
            db_.commit();
            unflushed_ = 0;
        }
    });
}

void PartWriter::remove(const Profile& profile) {
    guarded(dir_, [&] {
        // Writing it also counted its words in the spelling table, which
        // delete_document leaves alone: build it once more against a scratch
        // database to learn those counts, and take them back.
        const std::filesystem::path undo = dir_ / "undo";
        {
            Xapian::WritableDatabase scratch(undo.string(), Xapian::DB_CREATE_OR_OVERWRITE);
            DocumentBuilder builder(reference_year_);
            write_profile(scratch, builder, profile, &scratch);
            for (auto w = scratch.spellings_begin(); w != scratch.spellings_end(); ++w)
                db_.remove_spelling(*w, w.get_termfreq());
        }
        std::error_code ec;
        std::filesystem::remove_all(undo, ec);
        db_.delete_document(schema::id_term(profile.id));
    });
}

void PartWriter::finish() {
    guarded(dir_, [&] {
        db_.commit();
        db_.close();
    });
}

}  // namespace cvsearch::indexing
