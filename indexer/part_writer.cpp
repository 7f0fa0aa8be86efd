#include "indexer/part_writer.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <utility>

#include "cvsearch/errors.hpp"
#include "parse/normalize/normalize.hpp"
#include "vocabulary/schema.hpp"
#include "vocabulary/xapian_errors.hpp"

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

PartWriter::PartWriter(std::filesystem::path dir, int reference_year, PairWords pair_words, std::size_t segment_docs)
    : dir_(std::move(dir)),
      builder_(reference_year),
      reference_year_(reference_year),
      segment_docs_(segment_docs == 0 ? part_segment_docs : segment_docs) {
    builder_.set_pair_words(std::move(pair_words));
    guarded(dir_, [&] {
        std::filesystem::create_directories(dir_);
        open_segment();
    });
}

std::filesystem::path PartWriter::segment_dir(std::size_t n) const {
    char name[32];
    std::snprintf(name, sizeof name, "seg-%04zu", n);
    return dir_ / name;
}

void PartWriter::open_segment() {
    db_ = Xapian::WritableDatabase(segment_dir(segments_).string(), Xapian::DB_CREATE | Xapian::DB_NO_SYNC);
    builder_.count_spelling();  // added to each segment as it is closed (indexer/spelling_counter.hpp)
    ++segments_;
    in_segment_ = 0;
}

void PartWriter::put(const Profile& profile) {
    guarded(dir_, [&] {
        if (in_segment_ >= segment_docs_) {
            builder_.add_counted_spelling(db_);
            db_.commit();
            db_.close();
            open_segment();
        }
        write_profile(db_, builder_, profile);
        if (++in_segment_ % part_flush_every == 0) db_.commit();  // no fsync (DB_NO_SYNC): a flush of Xapian's buffers
    });
}

void PartWriter::remove_from(Xapian::WritableDatabase& db, const Profile& profile) {
    // Writing it also counted its words in the spelling table, which
    // delete_document leaves alone: build it once more against a scratch
    // database to learn those counts, and take them back.
    const std::filesystem::path undo = dir_ / "undo";
    {
        Xapian::WritableDatabase scratch(undo.string(), Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC);
        DocumentBuilder builder(reference_year_);
        write_profile(scratch, builder, profile, &scratch);
        for (auto w = scratch.spellings_begin(); w != scratch.spellings_end(); ++w)
            db.remove_spelling(*w, w.get_termfreq());
    }
    std::error_code ec;
    std::filesystem::remove_all(undo, ec);
    db.delete_document(schema::id_term(profile.id));
}

void PartWriter::remove(const Profile& profile) {
    guarded(dir_, [&] {
        const std::string id = schema::id_term(profile.id);
        if (db_.term_exists(id)) {
            builder_.add_counted_spelling(db_);  // so that the profile's counts can be taken back
            return remove_from(db_, profile);
        }
        for (std::size_t n = segments_ - 1; n-- > 0;) {  // an earlier, closed segment
            Xapian::WritableDatabase seg(segment_dir(n).string(), Xapian::DB_OPEN | Xapian::DB_NO_SYNC);
            if (!seg.term_exists(id)) continue;
            remove_from(seg, profile);
            seg.commit();
            return;
        }
    });
}

void PartWriter::finish() {
    guarded(dir_, [&] {
        builder_.add_counted_spelling(db_);
        db_.commit();
        db_.close();
        std::string stub = "# cvsearch build part: its segments, in order (indexer/part_writer.hpp)\n";
        for (std::size_t n = 0; n < segments_; ++n) stub += "auto " + segment_dir(n).filename().string() + "\n";
        std::ofstream out(dir_ / "XAPIANDB", std::ios::binary | std::ios::trunc);
        out << stub;
        out.close();
        if (!out) throw Error(ErrorCode::io, (dir_ / "XAPIANDB").string(), "cannot write the part's segment list; check the disk");
    });
}

}  // namespace cvsearch::indexing
