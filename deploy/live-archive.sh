#!/bin/sh
# nginx-rtmp's exec_record_done (deploy/live-nginx.conf): turns a stream's recording into its archive, an HLS
# video-on-demand folder, without re-encoding. The folder is built beside and swapped in whole, so a player never
# sees half an archive; a later recording of the same stream (the encoder reconnected) rebuilds it from the whole file.
#   $1 the archive directory   $2 the recording (.flv)   $3 the stream name (the stream's id)
set -eu
archive=$1 recording=$2 name=$3
case "$name" in "" | *[!0-9a-f-]*) echo "live-archive: bad stream name" >&2; exit 1 ;; esac
tmp="$archive/.$name.$$"
out="$archive/$name"
mkdir -p "$tmp"
if ffmpeg -nostdin -loglevel error -y -i "$recording" -c copy -f hls -hls_time 4 -hls_list_size 0 \
  -hls_playlist_type vod -hls_segment_filename "$tmp/%d.ts" "$tmp/index.m3u8"; then
  chmod -R a+rX "$tmp"
  rm -rf "$out.old"
  if [ -d "$out" ]; then mv "$out" "$out.old"; fi
  mv "$tmp" "$out"
  rm -rf "$out.old"
else
  rm -rf "$tmp"
  exit 1
fi
